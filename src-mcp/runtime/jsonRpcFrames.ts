// What one line on stdin is, per JSON-RPC 2.0 (https://www.jsonrpc.org/specification §4-5): a
// message for the SDK, or a frame we answer ourselves with the error the spec prescribes. The SDK's
// stdio transport drops anything it cannot parse without a word, and a client then waits forever.
import { parseJSONRPCMessage, type JSONRPCMessage } from '@modelcontextprotocol/server';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

export type JsonRpcId = string | number;

export interface JsonRpcErrorFrame {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: { code: number; message: string };
}

export type FrameVerdict =
  /** Hand it to the SDK. */
  | { kind: 'message'; message: JSONRPCMessage }
  /** Write this reply (an error object, or an array of them for a batch) and carry on. */
  | { kind: 'reply'; reply: JsonRpcErrorFrame | JsonRpcErrorFrame[] }
  /** Nothing to answer: a blank line, or a malformed notification (the spec forbids answering one). */
  | { kind: 'skip'; reason?: string };

export function errorFrame(id: JsonRpcId | null, code: number, message: string): JsonRpcErrorFrame {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The id to answer with: a string or a finite number; anything else cannot be echoed back (null). */
export function readableId(value: unknown): JsonRpcId | null {
  if (typeof value === 'string' && value.length <= 256) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

export function classifyLine(line: string): FrameVerdict {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.trim() === '') return { kind: 'skip' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const hint = text.charCodeAt(0) === 0xfeff ? ' (it starts with a byte order mark)' : text.includes('\u0000') ? ' (it contains a NUL character)' : '';
    return { kind: 'reply', reply: errorFrame(null, PARSE_ERROR, `Parse error: the line is not valid JSON${hint}. Send one JSON-RPC 2.0 message per line.`) };
  }
  if (Array.isArray(parsed)) return { kind: 'reply', reply: batchReply(parsed) };
  return classifyValue(parsed);
}

/**
 * MCP removed JSON-RPC batching (protocol 2025-06-18), so a batch is refused; the reply is the
 * array the spec prescribes for a batch, one error per element, so no element's id goes unanswered.
 */
function batchReply(batch: unknown[]): JsonRpcErrorFrame | JsonRpcErrorFrame[] {
  if (batch.length === 0) return errorFrame(null, INVALID_REQUEST, 'Invalid Request: an empty batch.');
  return batch.map((element) => {
    const id = element !== null && typeof element === 'object' && !Array.isArray(element) ? readableId((element as { id?: unknown }).id) : null;
    return errorFrame(id, INVALID_REQUEST, 'Invalid Request: batches are not supported by MCP; send one message per line.');
  });
}

function classifyValue(value: unknown): FrameVerdict {
  if (value === null || typeof value !== 'object') {
    return { kind: 'reply', reply: errorFrame(null, INVALID_REQUEST, 'Invalid Request: a JSON-RPC message is a JSON object.') };
  }
  const frame = value as Record<string, unknown>;
  const hasId = Object.prototype.hasOwnProperty.call(frame, 'id');
  const id = hasId ? readableId(frame.id) : null;
  const invalid = (message: string): FrameVerdict => {
    // A frame without an id that claims to be a notification is never answered (spec §4.1).
    if (!hasId && typeof frame.method === 'string') return { kind: 'skip', reason: message };
    return { kind: 'reply', reply: errorFrame(id, INVALID_REQUEST, `Invalid Request: ${message}`) };
  };
  if (frame.jsonrpc !== '2.0') return invalid('"jsonrpc" must be exactly "2.0".');
  if (hasId && readableId(frame.id) === null) return invalid('"id" must be a string (at most 256 characters) or a number.');
  if ('method' in frame) {
    if (typeof frame.method !== 'string' || frame.method === '') return invalid('"method" must be a non-empty string.');
    if ('params' in frame && (frame.params === null || typeof frame.params !== 'object' || Array.isArray(frame.params))) {
      if (!hasId) return { kind: 'skip', reason: `notification ${frame.method} with params that are not an object` };
      return { kind: 'reply', reply: errorFrame(id, INVALID_PARAMS, `Invalid params: "params" of ${frame.method.slice(0, 64)} must be an object.`) };
    }
  } else if (!hasId || !('result' in frame || 'error' in frame)) {
    return invalid('a message needs a "method" (request or notification) or an "id" with "result" or "error" (response).');
  }
  try {
    return { kind: 'message', message: parseJSONRPCMessage(frame) };
  } catch {
    return invalid('the message does not have the shape of a JSON-RPC 2.0 request, notification or response.');
  }
}

/**
 * The top-level `id` of a JSON object from the start of its text, for a frame too large to parse:
 * the client is waiting for that id. A small scanner, not a regex: an `"id"` nested in params
 * must not be taken for the frame's own.
 */
export function idFromPrefix(prefix: string): JsonRpcId | null {
  let depth = 0;
  let index = 0;
  let expectKey = false;
  while (index < prefix.length) {
    const char = prefix[index] as string;
    if (char === '"') {
      const end = stringEnd(prefix, index);
      if (end < 0) return null;
      const isKey = depth === 1 && expectKey;
      if (isKey && prefix.slice(index, end + 1) === '"id"') return valueAfterColon(prefix, end + 1);
      index = end + 1;
      expectKey = false;
      continue;
    }
    if (char === '{') {
      depth += 1;
      expectKey = depth === 1;
    } else if (char === '[') {
      depth += 1;
    } else if (char === '}' || char === ']') {
      depth -= 1;
    } else if (char === ',' && depth === 1) {
      expectKey = true;
    }
    index += 1;
  }
  return null;
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"') return index;
  }
  return -1;
}

function valueAfterColon(text: string, from: number): JsonRpcId | null {
  const match = /^\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(from, from + 300));
  if (match === null) return null;
  try {
    return readableId(JSON.parse(match[1] as string));
  } catch {
    return null;
  }
}
