// Which client a server process serves, and what that client may do (architecture.md, *Identity, scopes, audit*).
import type { Db } from '../../store/database.js';
import { findPolicy } from '../../store/policies.js';
import type { Scope } from './scopes.js';

/** The GUI's own server: the most trusted client. */
export const DESKTOP_CLIENT = 'desktop';
/** A server started without `--client`. */
export const UNKNOWN_CLIENT = 'unknown';

const CLIENT_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function parseClientId(value: string | undefined): string {
  if (value === undefined || value === '') return UNKNOWN_CLIENT;
  if (!CLIENT_ID_PATTERN.test(value)) {
    throw new Error(
      `Invalid --client "${value}": use 1-64 lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. claude-desktop).`,
    );
  }
  return value;
}

export interface ClientPolicy {
  clientId: string;
  scopes: string[];
  ratePerMinute: number;
  burst: number;
  mayDecideCheckpoints: boolean;
  /** `stored` when the scientist set it in the app; `default` when built in. */
  source: 'stored' | 'default';
}

const ASSISTANT_DEFAULT_SCOPES: Scope[] = [
  'research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write',
];
// An unidentified process may look but not change anything: registration always passes --client.
const UNKNOWN_DEFAULT_SCOPES: Scope[] = ['research:read', 'hypotheses:read', 'reviews:read', 'knowledge:read'];

export function defaultPolicy(clientId: string): ClientPolicy {
  const base = { clientId, ratePerMinute: 60, burst: 10, source: 'default' as const };
  if (clientId === DESKTOP_CLIENT) return { ...base, scopes: ['admin'], mayDecideCheckpoints: true };
  if (clientId === UNKNOWN_CLIENT) return { ...base, scopes: UNKNOWN_DEFAULT_SCOPES, mayDecideCheckpoints: false };
  return { ...base, scopes: ASSISTANT_DEFAULT_SCOPES, mayDecideCheckpoints: false };
}

export async function resolvePolicy(db: Db, clientId: string): Promise<ClientPolicy> {
  const stored = await findPolicy(db, clientId);
  if (stored === undefined) return defaultPolicy(clientId);
  return {
    clientId,
    scopes: stored.scopes,
    ratePerMinute: stored.ratePerMinute,
    burst: stored.burst,
    mayDecideCheckpoints: stored.mayDecideCheckpoints,
    source: 'stored',
  };
}
