// Plays an AI assistant working on the knowledge base: its own research server process (client
// `claude-desktop`) on the GUI's data dir, over real stdio, declaring one MCP root (its workspace)
// so that it may ingest from that folder without the app's allowed folders.
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SERVER_ENTRY } from './paths.js';
import { describeToolFailure } from '../../../support/toolErrors.js';

export interface KnowledgeAssistant {
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectKnowledgeAssistant(dataDir: string, workspace: string): Promise<KnowledgeAssistant> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--client', 'claude-desktop', '--data-dir', dataDir],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e-claude-desktop', version: '1.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler('roots/list', () => ({ roots: [{ uri: pathToFileURL(workspace).href, name: 'workspace' }] }));
  await client.connect(transport);
  return {
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
      return result.structuredContent as Record<string, unknown>;
    },
    close: () => client.close(),
  };
}
