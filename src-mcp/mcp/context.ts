// What every tool and resource handler of one server process can reach.
import type { Db } from '../store/database.js';
import type { ClientPolicy } from './access/identity.js';
import type { ChangeFeed } from './notifications/changeFeed.js';
import type { CitationVerifier } from '../engine/hypotheses.js';
import type { LeaseOwnerProbe } from '../engine/workflow/tasks.js';
import type { GroundingSource } from '../reasoners/workItems.js';
import type { TokenBucket } from './access/rateLimit.js';
import type { ProviderRegistry } from '../reasoners/providers/registry.js';
import type { SamplingChannel } from '../reasoners/sampling.js';

export interface ServerContext {
  db: Db;
  dataDir: string;
  clientId: string;
  /**
   * The caller came over a lab server's HTTP endpoint with a token. There the desktop app signs in
   * as an ordinary OAuth client and cannot prove it is the app (a token's client_id is the issuer's
   * word), so the desktop's read views (ToolDefinition.lab) open to whoever holds their scopes.
   */
  overNetwork?: boolean;
  /** Re-read per call: the scientist may change a policy while the assistant is connected. */
  policy(): Promise<ClientPolicy>;
  feed: ChangeFeed;
  now(): Date;
  /** How long a project deleted in the app can be restored; TRASH_UNDO_WINDOW_MS when absent. */
  trashUndoWindowMs?: number;
  /** This process as a task worker (lease owner). */
  workerId: string;
  ownerAlive: LeaseOwnerProbe;
  /** Literature snippets for work items (the knowledge base). */
  grounding: GroundingSource;
  /** Rate limit of this client's expensive tool calls. */
  rateLimit: TokenBucket;
  /** Whether a citation resolves to a document a run read (the knowledge base). */
  verifyCitation: (projectId: string) => CitationVerifier;
  /** LLM APIs this process may use (keys in memory, once the desktop app activated it); absent in hand-built contexts. */
  providers?: ProviderRegistry;
  /** The connected client's model, where it declared sampling (2025-era connections); absent in hand-built contexts. */
  sampling?: SamplingChannel;
}
