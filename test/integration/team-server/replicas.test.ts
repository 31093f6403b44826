// Two lab server processes on one data folder behind one --resource, as behind a load balancer:
// what one writes the other reads, a checkpoint decided through both at once is decided once, and
// who may decide comes from the lab's role claim, not from holding a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { tempDataDir } from '../../support/server.js';
import { connectWithToken, startLabServer, stopLabServers, type LabServer } from '../../support/labServer.js';
import { ASSISTANT_CLIENT, startAuthorizationServer, type AuthorizationServer } from '../../support/authorizationServer.js';
import { connectThroughOAuth, TestOAuthProvider } from '../../support/oauthClient.js';

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
