// Reads a request body up to a limit: a declared length over it is refused before a byte is read,
// a chunked body as soon as it passes it (413, refusals.ts).
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type BodyRead = { ok: true; body: Buffer } | { ok: false; received: number; declared: number | undefined };

export async function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return { ok: false, received: 0, declared };
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) return { ok: false, received, declared: Number.isFinite(declared) ? declared : undefined };
    chunks.push(chunk);
  }
  return { ok: true, body: Buffer.concat(chunks) };
}

/**
 * The JSON-RPC messages of a POST body (one message or a batch), for the checks made before the
 * SDK handler; undefined without a body or when it is not JSON (the handler answers that error).
 */
export function messagesOf(body: Buffer | undefined): readonly unknown[] | undefined {
  if (body === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Past this much, a refused body is cut off (the connection dropped) rather than read to its end. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * After a 413: reads the rest of the body and throws it away, so a client still sending sees the
 * answer instead of a broken pipe; a body past DRAIN_LIMIT_BYTES loses its connection instead.
 */
export function discardRest(req: IncomingMessage, alreadyReceived: number): void {
  let received = alreadyReceived;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > DRAIN_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}
