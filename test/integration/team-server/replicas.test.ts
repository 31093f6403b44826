// Two lab server processes on one store behind one --resource, as behind a load balancer (one data
// folder on SQLite; one database on PostgreSQL, the same tests in the PostgreSQL pass): what one
// writes the other reads, a checkpoint decided through both at once is decided once, who may decide
// comes from the lab's role claim, not from holding a token, and a replica killed mid-write loses
// no acknowledged write and leaves the audit chain whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { tempDataDir } from '../../support/server.js';
import { connectWithToken, startLabServer, stopLabServers, type LabServer } from '../../support/labServer.js';
import { ASSISTANT_CLIENT, startAuthorizationServer, type AuthorizationServer } from '../../support/authorizationServer.js';
import { connectThroughOAuth, TestOAuthProvider } from '../../support/oauthClient.js';
import { openStoreFor } from '../../support/storeEngine.js';
import { closeDatabase } from '../../../src-mcp/store/database.js';
import { findTailLoss, verifyAuditChain } from '../../../src-mcp/store/audit.js';
import { scalar as storeScalar } from '../../../src-mcp/store/sql.js';

async function structured(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

describe('two lab server replicas on one data folder', () => {
  let dataDir: string;
  let issuer: AuthorizationServer;
  let first: LabServer;
  let second: LabServer;
  let resource = '';
  const clients: Client[] = [];

  /** The same person's token used through each replica (a load balancer picks one per request). */
  async function signInThroughBoth(login: string): Promise<[Client, Client]> {
    const provider = new TestOAuthProvider(ASSISTANT_CLIENT);
    const viaFirst = await connectThroughOAuth(first.url, provider, login, 'modern');
    const viaSecond = await connectWithToken(second.url, provider.stored?.access_token as string, 'modern');
    clients.push(viaFirst, viaSecond);
    return [viaFirst, viaSecond];
  }

  beforeAll(async () => {
    dataDir = tempDataDir('cosci-lab-replicas');
    issuer = await startAuthorizationServer({ resource: () => resource });
    first = await startLabServer(['--issuer', issuer.issuer, '--data-dir', dataDir]);
    resource = first.url;
    second = await startLabServer(['--issuer', issuer.issuer, '--resource', resource, '--data-dir', dataDir]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await stopLabServers();
    await issuer?.close();
  });

  it('what one replica writes the other reads', async () => {
    const [viaFirst, viaSecond] = await signInThroughBoth('alice');
    const started = await structured(viaFirst, 'start_research', { goal: 'Which gut microbes modulate host circadian rhythms?', hypothesis_count: 3 });
    const status = await structured(viaSecond, 'get_research_status', { research_id: started.research_id });
    expect(status.research_id).toBe(started.research_id);
    const page = await structured(viaSecond, 'list_hypotheses', { research_id: started.research_id, limit: 50 });
    expect(page.total).toBe(0);
    // And back: a pause through the second is seen through the first.
    await structured(viaSecond, 'manage_research', { research_id: started.research_id, action: 'pause' });
    expect((await structured(viaFirst, 'get_research_status', { research_id: started.research_id })).status).toBe('paused');
  });

  it('a checkpoint decided through both replicas at once is decided once, by the PI; a student cannot decide it', async () => {
    const [student] = await signInThroughBoth('alice');
    const [piViaFirst, piViaSecond] = await signInThroughBoth('pat');
    const started = await structured(student, 'start_research', { goal: 'Do senolytic drugs restore muscle stem cell function in aged mice?', hypothesis_count: 3 });
    const next = await structured(student, 'continue_research', { research_id: started.research_id });
    expect(next.state).toBe('awaiting_decision');
    const checkpointId = (next.checkpoints as Array<{ checkpoint_id: string }>)[0]?.checkpoint_id as string;

    // The student's token carries checkpoints:decide, but the lab did not give them the PI role.
    const refused = await student.callTool({ name: 'decide', arguments: { checkpoint_id: checkpointId, action: 'approve' } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('insufficient_permissions');

    const answers = await Promise.all([
      piViaFirst.callTool({ name: 'decide', arguments: { checkpoint_id: checkpointId, action: 'approve' } }),
      piViaSecond.callTool({ name: 'decide', arguments: { checkpoint_id: checkpointId, action: 'approve' } }),
    ]);
    const applied = answers.filter((answer) => answer.isError !== true && (answer.structuredContent as { applied: boolean }).applied);
    expect(applied).toHaveLength(1);
    const decided = await structured(student, 'list_checkpoints', { research_id: started.research_id, status: 'decided' });
    expect(decided.checkpoints).toHaveLength(1);
    expect(decided.checkpoints).toMatchObject([{ checkpoint_id: checkpointId, decision: { action: 'approve', decided_by: `Pat Principal via ${ASSISTANT_CLIENT} (${issuer.issuer}#pat)` } }]);
  });
});

describe('two replicas, one killed with SIGKILL in the middle of its writes', () => {
  afterAll(stopLabServers);

  it('loses no acknowledged write, the other replica keeps serving, and the audit chain verifies', async () => {
    const dataDir = tempDataDir('cosci-lab-kill');
    const victim = await startLabServer(['--data-dir', dataDir]);
    const survivor = await startLabServer(['--data-dir', dataDir]);
    const viaVictim = await connectWithToken(victim.url, victim.token as string, 'modern');
    const viaSurvivor = await connectWithToken(survivor.url, survivor.token as string, 'modern');
    let writes: Promise<void> | undefined;
    try {
      const acknowledged: string[] = [];
      writes = (async () => {
        for (let i = 0; ; i += 1) {
          const answer = await viaVictim.callTool({ name: 'start_research', arguments: { goal: `Which soil bacteria fix nitrogen best in drought, case ${i}?`, hypothesis_count: 3 } });
          if (answer.isError === true) throw new Error(JSON.stringify(answer.content));
          acknowledged.push((answer.structuredContent as { research_id: string }).research_id);
        }
      })();
      // The survivor writes meanwhile too: the two processes' writes interleave on one store. It
      // keeps pace with the victim instead of racing ahead: a slow victim (a loaded machine) must not
      // make the survivor spend its burst of costly calls (ten) and be refused for its rate.
      const survivorWrites: string[] = [];
      while (acknowledged.length < 6) {
        if (survivorWrites.length > acknowledged.length) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        survivorWrites.push((await structured(viaSurvivor, 'start_research', { goal: `How do tardigrades repair DNA after desiccation, run ${survivorWrites.length}?`, hypothesis_count: 3 })).research_id as string);
      }
      victim.child.kill('SIGKILL');
      await expect(writes).rejects.toThrow();
      expect(acknowledged.length).toBeGreaterThanOrEqual(6);
      for (const researchId of [...acknowledged, ...survivorWrites]) {
        expect((await structured(viaSurvivor, 'get_research_status', { research_id: researchId })).research_id).toBe(researchId);
      }
      const after = await structured(viaSurvivor, 'start_research', { goal: 'Does the survivor still write after its peer died?', hypothesis_count: 3 });
      expect(after.research_id).toMatch(/^res_/);
      const db = await openStoreFor(dataDir);
      try {
        expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
        // The crash rule: the anchor the replicas keep for the database (store/auditAnchor.ts) is never ahead of what committed.
        expect(await findTailLoss(db)).toBeUndefined();
        expect(await storeScalar(db, "SELECT COUNT(*) FROM audit_log WHERE action = 'audit:tail-missing'")).toBe(0);
      } finally {
        await closeDatabase(db);
      }
    } finally {
      // When an expectation above failed, the victim's pending write is rejected by the close below.
      writes?.catch(() => undefined);
      await Promise.all([viaVictim.close().catch(() => undefined), viaSurvivor.close().catch(() => undefined)]);
    }
  }, 90_000);
});
