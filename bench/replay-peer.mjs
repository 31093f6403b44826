// A stand-in MCP server that does no work (bench/page-floor.ts): it answers each request with the
// result the real server gave to the same method, read once from <data dir>/replay.json
// ({ method: result }), under the request's own id. Started as `node replay-peer.mjs --data-dir
// <dir> …` (the arguments a real server gets; the rest are ignored). Notifications get no answer.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dataDir = process.argv[process.argv.indexOf('--data-dir') + 1];
const results = new Map(Object.entries(JSON.parse(readFileSync(path.join(dataDir, 'replay.json'), 'utf8'))).map(([method, result]) => [method, Buffer.from(JSON.stringify(result))]));
const TAIL = Buffer.from('}\n');

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  const lines = (pending + text).split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    if (line.trim() === '') continue;
    const request = JSON.parse(line);
    if (request.id === undefined) continue;
    const result = results.get(request.method);
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},`;
    process.stdout.write(
      result === undefined
        ? `${head}"error":{"code":-32601,"message":"the replay peer has no answer for ${request.method}"}}\n`
        : Buffer.concat([Buffer.from(`${head}"result":`), result, TAIL]),
    );
  }
});
