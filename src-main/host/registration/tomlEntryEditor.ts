// Edits our table in a TOML config (Codex's `config.toml`) and nothing else.
//
// @decimalturn/toml-patch parses (values, and a syntax tree with line positions), but its
// `patch()` is not used to write: it adds a new server as a dotted inline table on the root
// (`mcp_servers.co-scientist = {…}`) instead of the `[mcp_servers.co-scientist]` table Codex
// documents, leaves an empty `[mcp_servers]` header and stray blank lines behind on removal, and
// deletes a comment written directly above a removed table. So the edits are whole-line splices
// computed here: our table's lines are replaced or removed, a new table is appended at the end,
// and every other line keeps its bytes. The registrar re-parses the result before writing.
import { parse, parseDocument } from '@decimalturn/toml-patch';
import type { EntrySite, JsonObject, JsonValue } from './clientAdapter.js';
import type { TextStyle } from './configText.js';
import { decodeConfigText, lineEndOf, notAnObject, unparseable } from './configText.js';
import { RegistrationError } from './errors.js';

export interface TomlConfig {
  source: string;
  bom: string;
  text: string;
  style: TextStyle;
  /** Undefined for a blank file. */
  value: Record<string, unknown> | undefined;
  /** Top-level blocks of the syntax tree (tables, key/values, comments) with 1-based line numbers. */
  blocks: TomlBlock[];
}

interface Loc {
  start: { line: number };
  end: { line: number };
}
interface TomlKeyValue {
  type: 'KeyValue';
  loc: Loc;
  key: { value: string[] };
}
interface TomlBlock {
  type: string;
  loc: Loc;
  key?: { item: { value: string[] } };
  items?: Array<{ type: string; loc: Loc; key?: { value: string[] } }>;
}

export function parseTomlConfig(bytes: Uint8Array, source: string): TomlConfig {
  const { bom, text, style } = decodeConfigText(bytes, source);
  if (text.trim() === '') return { source, bom, text, style, value: undefined, blocks: [] };
  let value: Record<string, unknown>;
  let blocks: TomlBlock[];
  try {
    value = parse(text) as Record<string, unknown>;
    blocks = [...parseDocument(text).cst] as unknown as TomlBlock[];
  } catch (e) {
    const err = e as { message?: string; line?: number; column?: number };
    const reason = (err.message ?? String(e)).split('\n').pop() ?? 'syntax error';
    throw unparseable(source, 'TOML', reason.replace(/\.$/, ''), err.line ?? 1, (err.column ?? 0) + 1);
  }
  return { source, bom, text, style, value, blocks };
}

function serversOf(doc: TomlConfig, site: EntrySite): Record<string, unknown> | undefined {
  const servers = doc.value?.[site.key];
  if (servers === undefined) return undefined;
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers) || servers instanceof Date) {
    throw notAnObject(doc.source, `a "${site.key}" that is not a table of servers`);
  }
  return servers as Record<string, unknown>;
}

export function readTomlEntry(doc: TomlConfig, site: EntrySite, name: string): unknown {
  return serversOf(doc, site)?.[name];
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/;
const ESCAPES: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

function tomlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ESCAPES[ch] !== undefined) out += ESCAPES[ch];
    else if (cp < 0x20 || cp === 0x7f) out += `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

const tomlKey = (k: string) => (BARE_KEY.test(k) ? k : tomlString(k));

function tomlValue(v: JsonValue): string {
  if (typeof v === 'string') return tomlString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) throw new Error('TOML has no null');
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(', ')}]`;
  const members = Object.entries(v).map(([k, x]) => `${tomlKey(k)} = ${tomlValue(x)}`);
  return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
}

/** `[mcp_servers.co-scientist]` followed by one `key = value` line per field. */
function renderTable(site: EntrySite, name: string, entry: JsonObject, eol: string): string {
  const lines = [`[${tomlKey(site.key)}.${tomlKey(name)}]`, ...Object.entries(entry).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`)];
  return lines.map((l) => l + eol).join('');
}

interface Span {
  start: number;
  end: number;
}

/** Offsets of the start of each 1-based line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The lines from a block's first line to its last key/value (comments after it belong to what follows). */
function blockSpan(text: string, starts: number[], block: TomlBlock | TomlKeyValue): Span {
  const items = 'items' in block ? (block.items ?? []).filter((i) => i.type === 'KeyValue') : [];
  const lastLine = Math.max(block.type === 'KeyValue' ? block.loc.end.line : block.loc.start.line, ...items.map((i) => i.loc.end.line));
  const start = starts[block.loc.start.line - 1] ?? text.length;
  const lastStart = starts[lastLine - 1] ?? text.length;
  return { start, end: lineEndOf(text, lastStart) };
}

const startsWith = (keys: readonly string[] | undefined, prefix: readonly string[]) =>
  keys !== undefined && prefix.every((p, i) => keys[i] === p);

type Located = { form: 'tables'; spans: Span[] } | { form: 'inline'; spans: Span[] } | { form: 'absent' };

function locate(doc: TomlConfig, site: EntrySite, name: string): Located {
  const present = readTomlEntry(doc, site, name) !== undefined;
  if (!present) return { form: 'absent' };
  const starts = lineStarts(doc.text);
  const ours = [site.key, name];
  const tables = doc.blocks.filter((b) => b.type === 'Table' && startsWith(b.key?.item.value, ours));
  const serversTable = doc.blocks.find((b) => b.type === 'Table' && b.key?.item.value.length === 1 && b.key.item.value[0] === site.key);
  const inline = (serversTable?.items ?? []).filter((i) => i.type === 'KeyValue' && i.key?.value[0] === name) as TomlKeyValue[];
  if (tables.length > 0 && inline.length === 0) return { form: 'tables', spans: tables.map((t) => blockSpan(doc.text, starts, t)) };
  if (tables.length === 0 && inline.length === 1 && inline[0]?.key.value.length === 1) {
    return { form: 'inline', spans: [blockSpan(doc.text, starts, inline[0])] };
  }
  throw new RegistrationError(
    'UNSUPPORTED_LAYOUT',
    `The "${name}" server in ${doc.source} is written with dotted keys or inside an inline table, which Co-Scientist ` +
      `cannot change without rewriting your lines. It was left untouched; rewrite it as a [${site.key}.${name}] table (or delete it) and try again.`,
    { configPath: doc.source },
  );
}

/** Whether the line starting at `offset` (and ending before `end`) holds only whitespace. */
const blankLineAt = (text: string, offset: number) => /^[ \t]*\r?\n/.test(text.slice(offset, lineEndOf(text, offset)));

function removeSpans(text: string, spans: Span[]): string {
  let out = text;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    let start = span.start;
    // Take one blank separator line with us when another one (or the end of the file) follows,
    // so that removing what we appended gives back the original bytes.
    const previousLine = start > 0 ? out.lastIndexOf('\n', start - 2) + 1 : -1;
    const followedByGap = span.end >= out.length || blankLineAt(out, span.end);
    if (previousLine >= 0 && previousLine < start && blankLineAt(out, previousLine) && followedByGap) start = previousLine;
    out = out.slice(0, start) + out.slice(span.end);
  }
  return out;
}

/** The new file text with our entry set to `entry`. */
export function withTomlEntry(doc: TomlConfig, site: EntrySite, name: string, entry: JsonObject): string {
  const { eol } = doc.style;
  const located = locate(doc, site, name);
  if (located.form === 'absent') {
    const text = doc.text;
    if (text.trim() === '') return doc.bom + renderTable(site, name, entry, eol);
    const ending = text.endsWith('\n') ? '' : eol;
    return doc.bom + text + ending + eol + renderTable(site, name, entry, eol);
  }
  const [first, ...rest] = [...located.spans].sort((a, b) => a.start - b.start);
  if (!first) return doc.bom + doc.text;
  const replacement =
    located.form === 'tables' ? renderTable(site, name, entry, eol) : `${doc.text.slice(first.start, first.end).match(/^[ \t]*/)?.[0] ?? ''}${tomlKey(name)} = ${tomlValue(entry)}${eol}`;
  const without = removeSpans(doc.text, rest);
  return doc.bom + without.slice(0, first.start) + replacement + without.slice(first.end);
}

/** The new file text without our entry. */
export function withoutTomlEntry(doc: TomlConfig, site: EntrySite, name: string): string {
  const located = locate(doc, site, name);
  if (located.form === 'absent') return doc.bom + doc.text;
  return doc.bom + removeSpans(doc.text, located.spans);
}
