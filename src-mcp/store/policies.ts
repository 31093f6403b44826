// Stored per-client policies. Which scopes mean what is the mcp layer's business; the store only keeps them.
import type { Db } from './database.js';
import { execute, row, rows } from './sql.js';

export interface PolicyRow {
  clientId: string;
  scopes: string[];
  ratePerMinute: number;
  burst: number;
  mayDecideCheckpoints: boolean;
  updatedAt: string;
  updatedBy: string;
}

interface RawPolicy {
  client_id: string;
  scopes: string;
  rate_per_minute: number;
  burst: number;
  may_decide_checkpoints: number;
  updated_at: string;
  updated_by: string;
}

function fromRaw(raw: RawPolicy): PolicyRow {
  return {
    clientId: raw.client_id,
    scopes: JSON.parse(raw.scopes) as string[],
    ratePerMinute: raw.rate_per_minute,
    burst: raw.burst,
    mayDecideCheckpoints: raw.may_decide_checkpoints === 1,
    updatedAt: raw.updated_at,
    updatedBy: raw.updated_by,
  };
}

export async function findPolicy(db: Db, clientId: string): Promise<PolicyRow | undefined> {
  const raw = await row<RawPolicy>(db, 'SELECT * FROM client_policies WHERE client_id = ?', [clientId]);
  return raw === undefined ? undefined : fromRaw(raw);
}

const UPSERT = `INSERT INTO client_policies (client_id, scopes, rate_per_minute, burst, may_decide_checkpoints, updated_at, updated_by)
                VALUES (@clientId, @scopes, @ratePerMinute, @burst, @mayDecide, @updatedAt, @updatedBy)
                ON CONFLICT (client_id) DO UPDATE SET scopes = excluded.scopes, rate_per_minute = excluded.rate_per_minute,
                  burst = excluded.burst, may_decide_checkpoints = excluded.may_decide_checkpoints,
                  updated_at = excluded.updated_at, updated_by = excluded.updated_by`;

export async function upsertPolicy(db: Db, policy: PolicyRow): Promise<void> {
  await execute(db, UPSERT, {
    clientId: policy.clientId,
    scopes: JSON.stringify(policy.scopes),
    ratePerMinute: policy.ratePerMinute,
    burst: policy.burst,
    mayDecide: policy.mayDecideCheckpoints ? 1 : 0,
    updatedAt: policy.updatedAt,
    updatedBy: policy.updatedBy,
  });
}

export async function allPolicies(db: Db): Promise<PolicyRow[]> {
  return (await rows<RawPolicy>(db, 'SELECT * FROM client_policies ORDER BY client_id')).map(fromRaw);
}

const SEEN = 'SELECT client_id AS clientId, MAX(at) AS lastSeen, COUNT(*) AS calls FROM audit_log GROUP BY client_id ORDER BY client_id';

/** Clients that have used this database, with when they were last seen (from the audit log). */
export async function seenClients(db: Db): Promise<Array<{ clientId: string; lastSeen: string; calls: number }>> {
  return rows<{ clientId: string; lastSeen: string; calls: number }>(db, SEEN);
}
