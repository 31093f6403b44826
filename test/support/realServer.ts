// The built research server, for host tests that must speak to the real thing over stdio.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { makeTempDir } from './tempDirs.js';

import { SERVER_ENTRY } from './server.js';

// One definition of where the repository and the built server are (./server.ts).
export { assertServerBuilt as requireBuiltServer, REPO_ROOT, SERVER_ENTRY } from './server.js';

/** A fresh temp folder, removed after the file's tests (test/support/tempDirs.ts). */
export function tempDir(label: string): string {
  return makeTempDir(`cosci-host-${label}-`);
}

export { removeTempDirs } from './tempDirs.js';

/** Another assistant's server on the same data dir, e.g. to make changes the host must hear about. */
export async function otherAssistant(dataDir: string): Promise<Client> {
  const client = new Client({ name: 'host-tests-assistant', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_ENTRY, '--client', 'claude-desktop', '--data-dir', dataDir],
      stderr: 'pipe',
    }),
  );
  return client;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
