// list_checkpoints leaves out the checkpoints of projects the scientist archived, as the app's inbox
// does (issue 18 item 4): an assistant sees what waits in live projects, is told once how many it
// did not list, and can ask for them (include_archived, or naming the project). Real stdio, both
// SDK generations.
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_KINDS, connectServer, tempDataDir, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { describeToolFailure } from '../support/toolErrors.js';

type Structured = Record<string, unknown>;
interface Listed { checkpoints: Array<{ checkpoint_id: string; research_id: string }>; next_cursor: string | null; archived_hidden: number }

const open: ConnectedServer<ToolClient, ServerProcess>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function callWithText(server: ConnectedServer<ToolClient, ServerProcess>, name: string, args: Structured): Promise<{ data: Structured; text: string }> {
  const result = await server.client.callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
  return { data: result.structuredContent as Structured, text: (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n') };
}

describe.each(CLIENT_KINDS)('list_checkpoints and archived projects ($label)', ({ sdk, era }) => {
  it('leaves archived projects out by default, says how many once, and lists them on request', async () => {
    const dataDir = tempDataDir();
    const assistant = await connectServer({ dataDir, client: 'claude-desktop', sdk, era });
    const desktop = await connectServer({ dataDir, client: 'desktop', sdk, era });
    open.push(assistant, desktop);
    const start = async (goal: string): Promise<string> => (await callWithText(assistant, 'start_research', { goal })).data.research_id as string;
    const live = [await start('Find novel therapeutic targets for liver fibrosis'), await start('Explain why perovskite solar cells degrade under humidity')];
    const shelved = await start('Identify drug repurposing candidates for acute myeloid leukaemia');
    await callWithText(desktop, 'archive_research', { research_id: shelved, archived: true });

    const first = await callWithText(assistant, 'list_checkpoints', { limit: 1 });
    const firstPage = first.data as unknown as Listed;
    expect(firstPage.checkpoints.map((c) => c.research_id)).toEqual([live[0]]);
    expect(firstPage.archived_hidden).toBe(1);
    expect(first.text).toContain('1 pending checkpoint of archived projects not listed (include_archived: true lists them).');
    // The rest of the live ones on the next page, without the note again.
    const second = await callWithText(assistant, 'list_checkpoints', { limit: 10, cursor: firstPage.next_cursor });
    expect((second.data as unknown as Listed).checkpoints.map((c) => c.research_id)).toEqual([live[1]]);
    expect((second.data as unknown as Listed).next_cursor).toBeNull();
    expect(second.text).not.toContain('archived');

    const all = (await callWithText(assistant, 'list_checkpoints', { include_archived: true })).data as unknown as Listed;
    expect(all.checkpoints.map((c) => c.research_id)).toEqual([...live, shelved]);
    expect(all.archived_hidden).toBe(0);
    // Named by id, an archived project's checkpoints are listed: the caller asked for that project.
    const named = (await callWithText(assistant, 'list_checkpoints', { research_id: shelved })).data as unknown as Listed;
    expect(named.checkpoints.map((c) => c.research_id)).toEqual([shelved]);

    // Restored, it is listed again, and nothing is hidden.
    await callWithText(desktop, 'archive_research', { research_id: shelved, archived: false });
    const restored = await callWithText(assistant, 'list_checkpoints', {});
    expect((restored.data as unknown as Listed).checkpoints).toHaveLength(3);
    expect((restored.data as unknown as Listed).archived_hidden).toBe(0);
    expect(restored.text).not.toContain('archived');
  }, 60_000);
});
