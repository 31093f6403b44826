// Stored per-client policies. Which scopes mean what is the mcp layer's business; the store only keeps them.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { sqlite } from './handle.js';
import { inUnit, onConnection } from './unitOfWork.js';

export interface PolicyRow {
  clientId: string;
  scopes: string[];
  ratePerMinute: number;
  burst: number;
  mayDecideCheckpoints: boolean;
  updatedAt: string;
  updatedBy: string;
}

export function findPolicy(db: Db, clientId: string): Promise<PolicyRow | undefined> {
  return onConnection(db, () => {
    const raw = cached(db, 'SELECT * FROM client_policies WHERE client_id = ?').get(clientId) as
      | {
          client_id: string;
          scopes: string;
          rate_per_minute: number;
          burst: number;
          may_decide_checkpoints: number;
          updated_at: string;
          updated_by: string;
        }
      | undefined;
    if (raw === undefined) return undefined;
    return {
      clientId: raw.client_id,
      scopes: JSON.parse(raw.scopes) as string[],
      ratePerMinute: raw.rate_per_minute,
      burst: raw.burst,
      mayDecideCheckpoints: raw.may_decide_checkpoints === 1,
      updatedAt: raw.updated_at,
      updatedBy: raw.updated_by,
    };
  });
}

export function upsertPolicy(db: Db, policy: PolicyRow): Promise<void> {
  return onConnection(db, () => {
    sqlite(db).prepare(
      `INSERT INTO client_policies (client_id, scopes, rate_per_minute, burst, may_decide_checkpoints, updated_at, updated_by)
       VALUES (@clientId, @scopes, @ratePerMinute, @burst, @mayDecide, @updatedAt, @updatedBy)
       ON CONFLICT (client_id) DO UPDATE SET scopes = excluded.scopes, rate_per_minute = excluded.rate_per_minute,
         burst = excluded.burst, may_decide_checkpoints = excluded.may_decide_checkpoints,
         updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    ).run({
      clientId: policy.clientId,
      scopes: JSON.stringify(policy.scopes),
      ratePerMinute: policy.ratePerMinute,
      burst: policy.burst,
      mayDecide: policy.mayDecideCheckpoints ? 1 : 0,
      updatedAt: policy.updatedAt,
      updatedBy: policy.updatedBy,
    });
  }, 'writes');
}

export function allPolicies(db: Db): Promise<PolicyRow[]> {
  return inUnit(db, async () => {
    const ids = sqlite(db).prepare('SELECT client_id FROM client_policies ORDER BY client_id').pluck().all() as string[];
    const policies: PolicyRow[] = [];
    for (const id of ids) policies.push((await findPolicy(db, id)) as PolicyRow);
    return policies;
  });
}

/** Clients that have used this database, with when they were last seen (from the audit log). */
export function seenClients(db: Db): Promise<Array<{ clientId: string; lastSeen: string; calls: number }>> {
  return onConnection(db, () => {
    return (
      cached(db, 'SELECT client_id AS clientId, MAX(at) AS lastSeen, COUNT(*) AS calls FROM audit_log GROUP BY client_id ORDER BY client_id').all() as Array<{
        clientId: string;
        lastSeen: string;
        calls: number;
      }>
    );
  });
}
