// What both chat-view benchmarks (chat-views.ts, chat-views-trace.ts) start from: a scripted
// project of `rows` hypotheses, the desktop client, an assistant whose host shows MCP Apps views and
// may decide checkpoints, the tools that assistant is listed, and its list_hypotheses result for the
// leaderboard view.
import { callOk, connectServer } from '../test/support/server.js';
import { makeTempDir } from '../test/support/tempDirs.js';
import { runScriptedProject } from '../test/support/scriptedAssistant.js';
import { appsClient } from '../test/e2e/web/chatViews/chatHost.js';

type Connected = Awaited<ReturnType<typeof appsClient>>;

export interface ChatViewsStage {
  desktop: Connected;
  assistant: Connected;
  researchId: string;
  tools: string[];
  /** The assistant's list_hypotheses result for the project, every row on one page. */
  board: Awaited<ReturnType<Connected['client']['callTool']>>;
  close(): Promise<void>;
}

export async function stageChatViews(dataDirLabel: string, rows: number): Promise<ChatViewsStage> {
  const dataDir = makeTempDir(dataDirLabel);
  await runScriptedProject({ hypotheses: rows, seed: 1, dataDir });
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  await callOk(desktop, 'set_client_policy', { client_id: 'claude-desktop', scopes: ['research:write', 'hypotheses:generate', 'hypotheses:evolve', 'reviews:write', 'knowledge:write', 'checkpoints:decide'], may_decide_checkpoints: true });
  const assistant = await appsClient(dataDir, 'claude-desktop');
  const close = async (): Promise<void> => void (await Promise.all([desktop.close(), assistant.close()]));
  try {
    const researchId = String(((await callOk(desktop, 'list_research_projects', {})).projects as Array<{ id: string }>)[0]!.id);
    const tools = (await assistant.client.listTools()).tools.map((tool) => tool.name);
    const board = await assistant.client.callTool({ name: 'list_hypotheses', arguments: { research_id: researchId, limit: rows } });
    return { desktop, assistant, researchId, tools, board, close };
  } catch (error) {
    await close();
    throw error;
  }
}
