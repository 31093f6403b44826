// Where the members of a JSON object lie in its UTF-8 bytes, found without decoding or building
// the value. The host passes a leaderboard page's JSON from its server to the renderer as the
// server's bytes (issue 17: decoding, parsing, checking and re-serialising ~300 KB per page was
// most of the host's CPU per board), and needs of them only the envelope: which request the line
// answers, whether it failed, where the page lies and its top-level members. One pass over the
// bytes: strings are skipped with Buffer.indexOf (native), brackets are matched, and the members
// named in `expand` are read level by level in the same pass. It checks structure (strings closed,
// brackets matched, members written as "key": value, nothing after the end), not the spelling of
// numbers and literals, which whoever parses the value (the renderer's JSON.parse) checks in full.
// Bytes are safe to scan for JSON's structure: UTF-8 never uses an ASCII byte inside a multi-byte
// character.

/** A value's bytes are bytes.subarray(start, end). */
export interface Span {
  start: number;
  end: number;
}

export interface ObjectMembers {
  /** Each member's key → the span of its value. */
  spans: Map<string, Span>;
  /** The members named in `expand` whose value is an object: their own members. */
  objects: Map<string, ObjectMembers>;
}

/** Which members to read into, level by level: `{ result: { structuredContent: {} } }`. */
export interface Expand {
  readonly [key: string]: Expand;
}

export class MalformedJsonError extends Error {
  override readonly name = 'MalformedJsonError';
  constructor(
    readonly offset: number,
    what: string,
  ) {
    super(`${what} at byte ${offset}`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** The members of the object that is the whole of bytes[start, end). */
export function objectMembers(bytes: Buffer, expand: Expand = {}, start = 0, end = bytes.length): ObjectMembers {
  const read = readObject(bytes, skipSpace(bytes, start, end), end, expand);
  const rest = skipSpace(bytes, read.end, end);
  if (rest !== end) throw new MalformedJsonError(rest, 'unexpected text after the object');
  return read.members;
}

/** The value at a span, decoded and parsed (meant for small members: an id, a cursor, a flag). */
export function spanValue(bytes: Buffer, span: Span): unknown {
  return JSON.parse(bytes.toString('utf8', span.start, span.end));
}

function readObject(bytes: Buffer, start: number, end: number, expand: Expand): { members: ObjectMembers; end: number } {
  const members: ObjectMembers = { spans: new Map(), objects: new Map() };
  if (bytes[start] !== OPEN_BRACE) throw new MalformedJsonError(start, 'expected an object');
  let at = skipSpace(bytes, start + 1, end);
  if (bytes[at] === CLOSE_BRACE) return { members, end: at + 1 };
  for (;;) {
    if (bytes[at] !== QUOTE) throw new MalformedJsonError(at, 'expected a member name');
    const keyEnd = stringEnd(bytes, at, end);
    const key = JSON.parse(bytes.toString('utf8', at, keyEnd)) as string;
    at = skipSpace(bytes, keyEnd, end);
    if (bytes[at] !== COLON) throw new MalformedJsonError(at, `expected ":" after "${key}"`);
    const valueStart = skipSpace(bytes, at + 1, end);
    const inner = Object.hasOwn(expand, key) ? expand[key] : undefined;
    let valueEnd: number;
    if (inner !== undefined && bytes[valueStart] === OPEN_BRACE) {
      const read = readObject(bytes, valueStart, end, inner);
      members.objects.set(key, read.members);
      valueEnd = read.end;
    } else {
      valueEnd = valueEndAt(bytes, valueStart, end);
    }
    members.spans.set(key, { start: valueStart, end: valueEnd });
    at = skipSpace(bytes, valueEnd, end);
    const next = bytes[at];
    if (next === CLOSE_BRACE) return { members, end: at + 1 };
    if (next !== COMMA) throw new MalformedJsonError(at, `expected "," or "}" after the value of "${key}"`);
    at = skipSpace(bytes, at + 1, end);
  }
}

/** Where the value starting at `at` ends (one past its last byte). */
function valueEndAt(bytes: Buffer, at: number, end: number): number {
  if (at >= end) throw new MalformedJsonError(at, 'expected a value');
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at, end);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return containerEnd(bytes, at, end);
  let index = at;
  while (index < end) {
    const code = bytes[index] as number;
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
    index += 1;
  }
  if (index === at) throw new MalformedJsonError(at, 'expected a value');
  return index;
}

/** One past the closing quote of the string whose opening quote is at `at`. */
function stringEnd(bytes: Buffer, at: number, end: number): number {
  let from = at + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0 || quote >= end) throw new MalformedJsonError(at, 'unterminated string');
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * One past the bracket that closes the object or array opened at `at`. Strings are jumped with
 * indexOf; the bytes between them (numbers, commas, literals) are looked at one by one. On a
 * 1,000-row page by column this is ~0.6 of a JSON.parse of the same text (measured in one process).
 */
function containerEnd(bytes: Buffer, at: number, end: number): number {
  const open: number[] = [];
  let index = at;
  while (index < end) {
    const code = bytes[index] as number;
    if (code === QUOTE) {
      index = stringEnd(bytes, index, end);
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      open.push(code);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      const expected = open.pop() === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (code !== expected) throw new MalformedJsonError(index, 'mismatched bracket');
      if (open.length === 0) return index + 1;
    }
    index += 1;
  }
  throw new MalformedJsonError(at, 'unclosed object or array');
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function skipSpace(bytes: Buffer, at: number, end: number): number {
  let index = at;
  while (index < end && isSpace(bytes[index] as number)) index += 1;
  return index;
}
