// Plays an AI assistant: its own research server process (client `claude-desktop`) on the same
// data dir as the GUI, driven over real stdio with the official MCP client.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { StartResearchResult } from '../../../../src-shared/routes/index.js';
import { SERVER_ENTRY } from './paths.js';
import { describeToolFailure } from '../../../support/toolErrors.js';

export interface Assistant {
  startResearch(args: { goal: string; domain?: string; hypothesis_count?: number }): Promise<StartResearchResult>;
  close(): Promise<void>;
}

export async function connectAssistant(dataDir: string): Promise<Assistant> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--client', 'claude-desktop', '--data-dir', dataDir],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e-claude-desktop', version: '1.0.0' });
  await client.connect(transport);
  return {
    async startResearch(args) {
      const result = await client.callTool({ name: 'start_research', arguments: args });
      if (result.isError) throw new Error(`start_research failed: ${describeToolFailure(result)}`);
      return result.structuredContent as StartResearchResult;
    },
    close: () => client.close(),
  };
}
