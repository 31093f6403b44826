// What every tool and resource handler of one server process can reach.
import type { Db } from '../store/database.js';
import type { ClientPolicy } from './identity.js';
import type { ChangeFeed } from './changeFeed.js';

export interface ServerContext {
  db: Db;
  clientId: string;
  /** Re-read per call: the scientist may change a policy while the assistant is connected. */
  policy(): ClientPolicy;
  feed: ChangeFeed;
  now(): Date;
}
