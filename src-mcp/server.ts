// Entry point: `node dist/mcp/server.js [--client <id>] [--data-dir <dir>] [--database <URL>]` (SQLite in the data folder, or PostgreSQL).
// Registration writes this command into each assistant's config. Only MCP frames go to stdout.
import { requireSupportedNode } from '../src-shared/node/supportedNode.cjs';
import { enableCompileCache } from './compileCache.js';
import { VERSION } from './version.js';

// Before anything loads the native SQLite binding, which crashes without a word on another Node.
requireSupportedNode('the Co-Scientist server');
enableCompileCache();
// Imported only now, so that the code cache (where the runtime has one) covers the whole server.
const { runServerProcess } = await import('./runtime/start.js');
await runServerProcess(process.argv.slice(2), VERSION);
