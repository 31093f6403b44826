// Where the members of a JSON object lie in its text, found without building the value. The host
// passes a leaderboard page's JSON from its server to the renderer as text (issue 17: parsing,
// checking and re-serialising ~300 KB per page was most of the host's CPU per board), and needs of
// that text only its envelope: which response it answers, whether it failed, where the page is.
// The scan skips strings and counts brackets: it checks structure (strings closed, brackets
// matched, members written as "key": value, nothing after the end), not the spelling of numbers
// and literals, which whoever parses the text (the renderer's JSON.parse) checks in full.

/** A value's text is text.slice(start, end). */
export interface Span {
  start: number;
  end: number;
}

export class MalformedJsonError extends Error {
  override readonly name = 'MalformedJsonError';
  constructor(
    readonly offset: number,
    what: string,
  ) {
    super(`${what} at character ${offset}`);
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;
const PRIMITIVE_END = /[\s,}\]]/g;

/** The members of the object at text[start, end): each key → the span of its value. */
export function objectMembers(text: string, start = 0, end = text.length): Map<string, Span> {
  const members = new Map<string, Span>();
  let at = skipSpace(text, start, end);
  if (text.charCodeAt(at) !== OPEN_BRACE) throw new MalformedJsonError(at, 'expected an object');
  at = skipSpace(text, at + 1, end);
  if (text.charCodeAt(at) === CLOSE_BRACE) return finished(members, text, at + 1, end);
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) throw new MalformedJsonError(at, 'expected a member name');
    const keyEnd = stringEnd(text, at, end);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    at = skipSpace(text, keyEnd, end);
    if (text.charCodeAt(at) !== COLON) throw new MalformedJsonError(at, `expected ":" after "${key}"`);
    const valueStart = skipSpace(text, at + 1, end);
    const valueEnd = valueEndAt(text, valueStart, end);
    members.set(key, { start: valueStart, end: valueEnd });
    at = skipSpace(text, valueEnd, end);
    const next = text.charCodeAt(at);
    if (next === CLOSE_BRACE) return finished(members, text, at + 1, end);
    if (next !== COMMA) throw new MalformedJsonError(at, `expected "," or "}" after the value of "${key}"`);
    at = skipSpace(text, at + 1, end);
  }
}

/** The value at a member's span, parsed (meant for small members: a cursor, a flag). */
export function memberValue(text: string, span: Span): unknown {
  return JSON.parse(text.slice(span.start, span.end));
}

function finished(members: Map<string, Span>, text: string, at: number, end: number): Map<string, Span> {
  const rest = skipSpace(text, at, end);
  if (rest !== end) throw new MalformedJsonError(rest, 'unexpected text after the object');
  return members;
}

/** Where the value starting at `at` ends (one past its last character). */
function valueEndAt(text: string, at: number, end: number): number {
  if (at >= end) throw new MalformedJsonError(at, 'expected a value');
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at, end);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return containerEnd(text, at, end);
  PRIMITIVE_END.lastIndex = at;
  const stop = PRIMITIVE_END.exec(text);
  const primitiveEnd = stop === null || stop.index > end ? end : stop.index;
  if (primitiveEnd === at) throw new MalformedJsonError(at, 'expected a value');
  return primitiveEnd;
}

/** One past the closing quote of the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number, end: number): number {
  for (let index = at + 1; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index += 1;
    else if (code === QUOTE) return index + 1;
  }
  throw new MalformedJsonError(at, 'unterminated string');
}

/**
 * One past the bracket that closes the object or array opened at `at`. One loop over the
 * characters, strings included: V8 runs it at about a character a nanosecond, several times
 * faster than a regular expression or indexOf per token on a page of short strings.
 */
function containerEnd(text: string, at: number, end: number): number {
  const open: number[] = [];
  for (let index = at; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = stringEnd(text, index, end) - 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      open.push(code);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      const expected = open.pop() === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (code !== expected) throw new MalformedJsonError(index, 'mismatched bracket');
      if (open.length === 0) return index + 1;
    }
  }
  throw new MalformedJsonError(at, 'unclosed object or array');
}

function skipSpace(text: string, at: number, end: number): number {
  let index = at;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) break;
    index += 1;
  }
  return index;
}
