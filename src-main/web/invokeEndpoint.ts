// POST /api/invoke: the HTTP form of `window.cosci.invoke`. The body is `{ route, input }` and
// the answer is the route's Result, always with status 200 once the caller is authorised:
// failures of the call itself are values, exactly as over Electron IPC.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorCode, Result } from '../../src-shared/routes/index.js';
import { CheckedJson } from '../host/checkedJson.js';

/** Generous for any route input; anything larger is a mistake or an attack. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type Invoke = (route: string, input: unknown) => Promise<Result<unknown>>;

export async function handleInvoke(
  req: IncomingMessage,
  res: ServerResponse,
  invoke: Invoke,
  headers: Record<string, string>,
): Promise<void> {
  const reply = (status: number, body: Result<unknown>): void => {
    const json = serialised(body);
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(json.reduce((bytes, part) => bytes + Buffer.byteLength(part), 0)),
    });
    // One write of the parts together (writev), not a packet each.
    res.cork();
    for (const part of json) res.write(part);
    res.end();
  };
  const reject = (status: number, code: ErrorCode, message: string): void => reply(status, { ok: false, error: { code, message } });

  // Requiring JSON also keeps out HTML forms, which can only send "simple" content types.
  if (!/^application\/json(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return reject(415, 'INVALID_INPUT', 'Send the call as JSON (Content-Type: application/json).');
  }
  let text: string;
  try {
    text = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return reject(413, 'INVALID_INPUT', error.message);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return reject(400, 'INVALID_INPUT', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || typeof (body as { route?: unknown }).route !== 'string') {
    return reject(400, 'INVALID_INPUT', 'The request body must be {"route": "<domain.action>", "input": {…}}.');
  }
  const { route, input } = body as { route: string; input?: unknown };
  reply(200, await invoke(route, input));
}

/**
 * The Result as JSON, in parts. A page the server checked and wrote (CheckedJson) goes out as the
 * server's bytes, not decoded, parsed and written again: the browser parses it once
 * (checkedJson.ts, issue 17).
 */
function serialised(body: Result<unknown>): Array<string | Buffer> {
  if (body.ok && body.data instanceof CheckedJson) return ['{"ok":true,"data":', body.data.bytes, '}'];
  return [JSON.stringify(body)];
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return; // drain the rest so the error response can still be delivered
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        reject(new BodyTooLargeError(`The request body is larger than ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}
