// Edits our entry in a YAML config (Goose's `extensions` map, Continue's `mcpServers` list) and
// nothing else. The `yaml` Document API parses the file (comments and all) and tells us where
// each node sits; instead of re-printing the whole document with `doc.toString()` — which would
// re-indent sequences, re-fold long lines and drop CRLF — we splice text at those positions, the
// same way the JSON editor does. The registrar re-parses the result before anything is written.
import { isMap, isScalar, isSeq, parseDocument, stringify } from 'yaml';
import type { Document, Node as YamlNode, Pair, YAMLMap, YAMLSeq } from 'yaml';
import type { EntrySite, JsonObject } from './clientAdapter.js';
import type { TextStyle } from './configText.js';
import { decodeConfigText, duplicateKey, lineEndOf, lineStartOf, notAnObject, startsLine, unparseable } from './configText.js';
import { RegistrationError } from './errors.js';

export interface YamlConfig {
  source: string;
  bom: string;
  text: string;
  style: TextStyle;
  /** Undefined when the file holds no value (blank, or only comments). */
  root: YAMLMap | undefined;
  value: Record<string, unknown> | undefined;
}

export function parseYamlConfig(bytes: Uint8Array, source: string): YamlConfig {
  const { bom, text, style } = decodeConfigText(bytes, source);
  const doc: Document = parseDocument(text, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0];
    throw unparseable(source, 'YAML', error.message.split(' at line ')[0] ?? error.message, pos?.line ?? 1, pos?.col ?? 1);
  }
  const contents = doc.contents as YamlNode | null;
  if (contents === null || (isScalar(contents) && contents.value === null)) return { source, bom, text, style, root: undefined, value: undefined };
  if (!isMap(contents)) throw notAnObject(source, 'a YAML value that is not a mapping (key: value lines) at the top level');
  return { source, bom, text, style, root: contents, value: doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown> };
}

const keyIs = (pair: Pair, key: string) => isScalar(pair.key) && pair.key.value === key;
const rangeOf = (node: unknown): [number, number, number] => {
  const r = (node as YamlNode | null)?.range;
  if (!r) throw new Error('a YAML node without a source position');
  return r;
};

function pairIn(map: YAMLMap, key: string, where: string, source: string): Pair | undefined {
  const found = map.items.filter((p) => keyIs(p as Pair, key)) as Pair[];
  if (found.length > 1) throw duplicateKey(source, key, found.length, where);
  return found[0];
}

interface Site {
  /** The top-level pair holding the servers (absent: no such key). */
  serversPair: Pair | undefined;
  servers: YAMLMap | YAMLSeq | undefined;
  /** Our pair (map site) or item (list site). */
  ours: Pair | YamlNode | undefined;
}

function locate(doc: YamlConfig, site: EntrySite, name: string): Site {
  if (!doc.root) return { serversPair: undefined, servers: undefined, ours: undefined };
  const serversPair = pairIn(doc.root, site.key, 'the top level', doc.source);
  const node = serversPair?.value as YamlNode | null | undefined;
  if (node === undefined || node === null || (isScalar(node) && node.value === null)) return { serversPair, servers: undefined, ours: undefined };
  if (site.shape === 'map') {
    if (!isMap(node)) throw notAnObject(doc.source, `a "${site.key}" that is not a mapping of servers`);
    return { serversPair, servers: node, ours: pairIn(node, name, `"${site.key}"`, doc.source) };
  }
  if (!isSeq(node)) throw notAnObject(doc.source, `a "${site.key}" that is not a list of servers`);
  const items = node.items.filter((i) => isMap(i) && i.get('name') === name) as YamlNode[];
  if (items.length > 1) throw duplicateKey(doc.source, `name: ${name}`, items.length, `"${site.key}"`);
  return { serversPair, servers: node, ours: items[0] };
}

export function readYamlEntry(doc: YamlConfig, site: EntrySite, name: string): unknown {
  const value = doc.value?.[site.key];
  if (site.shape === 'map') {
    locate(doc, site, name); // type and duplicate checks
    return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  }
  const { ours, servers } = locate(doc, site, name);
  if (!ours || !servers) return undefined;
  return (value as unknown[])[servers.items.indexOf(ours as never)];
}

// Strings double-quoted: a path like `yes`, `1.0` or `~` must stay a string for every YAML reader.
function block(value: unknown, indent: string, style: TextStyle): string {
  const unit = style.indentUnit === '\t' ? 2 : Math.max(2, style.indentUnit.length);
  const text = stringify(value, { indent: unit, lineWidth: 0, minContentWidth: 0, defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' });
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => indent + line + style.eol)
    .join('');
}

const flow = (value: unknown) => JSON.stringify(value);
const columnOf = (text: string, offset: number) => text.slice(lineStartOf(text, offset), offset);

interface Edit {
  start: number;
  end: number;
  content: string;
}

function apply(doc: YamlConfig, edits: Edit[]): string {
  let out = doc.text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.content + out.slice(e.end);
  return doc.bom + out;
}

/** The whole lines a pair or list item occupies, from its first line to the end of its value. */
function linesOf(doc: YamlConfig, first: number, valueEnd: number): { start: number; end: number } {
  return { start: lineStartOf(doc.text, first), end: lineEndOf(doc.text, Math.max(first, valueEnd - 1)) };
}

/** Where a new last member of a block collection goes: after the current last one's lines. */
function afterLast(doc: YamlConfig, last: unknown): { at: number; lead: string } {
  const end = lineEndOf(doc.text, Math.max(0, rangeOf(last)[1] - 1));
  return { at: end, lead: doc.text.slice(0, end).endsWith('\n') ? '' : doc.style.eol };
}

/** A member (or a one-member collection) rendered for its context. */
function member(site: EntrySite, name: string, entry: JsonObject): unknown {
  return site.shape === 'map' ? { [name]: entry } : [entry];
}

function insertInto(doc: YamlConfig, site: EntrySite, name: string, entry: JsonObject, s: Site): Edit {
  const { servers, serversPair } = s;
  const { text, style } = doc;
  if (servers && servers.flow) {
    const [start, end] = rangeOf(servers);
    const json = site.shape === 'map' ? `${flow(name)}: ${flow(entry)}` : flow(entry);
    const close = text.lastIndexOf(site.shape === 'map' ? '}' : ']', end - 1);
    return servers.items.length === 0 ? { start, end, content: flow(member(site, name, entry)) } : { start: close, end: close, content: `, ${json}` };
  }
  if (servers) {
    const last = servers.items[servers.items.length - 1];
    const firstPos = site.shape === 'map' ? rangeOf((servers.items[0] as Pair).key)[0] : rangeOf(servers)[0];
    const { at, lead } = afterLast(doc, site.shape === 'map' ? (last as Pair).value ?? (last as Pair).key : last);
    return { start: at, end: at, content: lead + block(member(site, name, entry), columnOf(text, firstPos), style) };
  }
  if (serversPair) {
    // `extensions:` with no value: the new members go on the lines below the key.
    const keyStart = rangeOf(serversPair.key)[0];
    const [vStart, vEnd] = serversPair.value ? rangeOf(serversPair.value) : [rangeOf(serversPair.key)[1], rangeOf(serversPair.key)[1]];
    const indent = columnOf(text, keyStart) + (style.indentUnit === '\t' ? '  ' : style.indentUnit);
    return { start: vStart, end: vEnd, content: style.eol + block(member(site, name, entry), indent, style).replace(/\r?\n$/, '') };
  }
  const root = doc.root;
  const wrapped = { [site.key]: member(site, name, entry) };
  if (root && root.items.length > 0) {
    if (root.flow) {
      const close = text.lastIndexOf('}', rangeOf(root)[1] - 1);
      return { start: close, end: close, content: `, ${flow(site.key)}: ${flow(wrapped[site.key])}` };
    }
    const last = root.items[root.items.length - 1] as Pair;
    const { at, lead } = afterLast(doc, last.value ?? last.key);
    return { start: at, end: at, content: lead + block(wrapped, columnOf(text, rangeOf(root.items[0]?.key)[0]), style) };
  }
  const lead = text === '' || text.endsWith('\n') ? '' : style.eol;
  return { start: text.length, end: text.length, content: lead + block(wrapped, '', style) };
}

function unsupported(doc: YamlConfig, name: string): RegistrationError {
  return new RegistrationError(
    'UNSUPPORTED_LAYOUT',
    `The "${name}" entry in ${doc.source} shares its line with other YAML, so Co-Scientist cannot change it without rewriting your text. ` +
      'It was left untouched; put it on lines of its own (or delete it) and try again.',
    { configPath: doc.source },
  );
}

/** The first offset of our member: a pair's key, or a list item's `- ` dash. */
function memberStart(doc: YamlConfig, site: EntrySite, ours: Pair | YamlNode, name: string): number {
  if (site.shape === 'map') return rangeOf((ours as Pair).key)[0];
  const start = rangeOf(ours)[0];
  const dash = doc.text.lastIndexOf('-', start);
  if (dash < 0 || !startsLine(doc.text, dash) || doc.text.slice(dash + 1, start).trim() !== '') throw unsupported(doc, name);
  return dash;
}

const valueEnd = (site: EntrySite, ours: Pair | YamlNode) =>
  site.shape === 'map' ? rangeOf((ours as Pair).value ?? (ours as Pair).key)[1] : rangeOf(ours)[1];

export function withYamlEntry(doc: YamlConfig, site: EntrySite, name: string, entry: JsonObject): string {
  const s = locate(doc, site, name);
  if (!s.ours || !s.servers) return apply(doc, [insertInto(doc, site, name, entry, s)]);
  if (s.servers.flow) {
    const target = site.shape === 'map' ? (s.ours as Pair).value : s.ours;
    const [start, end] = rangeOf(target);
    return apply(doc, [{ start, end, content: flow(entry) }]);
  }
  const first = memberStart(doc, site, s.ours, name);
  if (!startsLine(doc.text, first)) throw unsupported(doc, name);
  const { start, end } = linesOf(doc, first, valueEnd(site, s.ours));
  return apply(doc, [{ start, end, content: block(member(site, name, entry), columnOf(doc.text, first), doc.style) }]);
}

export function withoutYamlEntry(doc: YamlConfig, site: EntrySite, name: string): string {
  const s = locate(doc, site, name);
  if (!s.ours || !s.servers || !s.serversPair) return doc.bom + doc.text;
  const items = s.servers.items as Array<Pair | YamlNode>;
  const index = items.indexOf(s.ours);
  const empty = site.shape === 'map' ? '{}' : '[]';
  if (s.servers.flow) {
    if (items.length === 1) {
      const [start, end] = rangeOf(s.servers);
      return apply(doc, [{ start, end, content: empty }]);
    }
    const startOf = (m: Pair | YamlNode) => (site.shape === 'map' ? rangeOf((m as Pair).key)[0] : rangeOf(m)[0]);
    const next = items[index + 1];
    const previous = items[index - 1];
    if (next) return apply(doc, [{ start: startOf(s.ours), end: startOf(next), content: '' }]);
    return apply(doc, [{ start: previous ? valueEnd(site, previous) : startOf(s.ours), end: valueEnd(site, s.ours), content: '' }]);
  }
  const first = memberStart(doc, site, s.ours, name);
  if (!startsLine(doc.text, first)) throw unsupported(doc, name);
  const lines = linesOf(doc, first, valueEnd(site, s.ours));
  const edits: Edit[] = [{ start: lines.start, end: lines.end, content: '' }];
  if (items.length === 1) {
    // The servers key keeps an explicitly empty collection rather than turning into null.
    const colon = doc.text.indexOf(':', rangeOf(s.serversPair.key)[1]);
    edits.push({ start: colon + 1, end: colon + 1, content: ` ${empty}` });
  }
  return apply(doc, edits);
}
