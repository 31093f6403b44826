// Entry point: `node dist/mcp/server.js [--client <id>] [--data-dir <dir>]`.
// Registration writes this command into each assistant's config. Only MCP frames go to stdout.
import { runServerProcess } from './mcp/runtime.js';
import { VERSION } from './version.js';

runServerProcess(process.argv.slice(2), VERSION);
