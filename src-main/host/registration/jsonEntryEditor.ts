// Reads an assistant's JSON config and edits exactly one server entry in it, leaving every other
// byte as it was: other servers, other keys, key order, indentation, line endings, the trailing
// newline and a byte-order mark.
//
// We locate nodes with jsonc-parser's syntax tree and apply edits with its `applyEdits`, but we
// build the edits ourselves instead of calling `modify` with formatting options: that formatter
// re-formats the whole line around an insertion (a one-line sibling entry would be re-flowed)
// and removing a first property pulls the next one onto the brace's line. Our edits touch only
// the span of our own entry plus the comma and line break that separate it from its neighbour.
//
// Deep import: the package's default entry is a UMD bundle that esbuild cannot follow.
import { applyEdits, getNodeValue, parseTree, printParseErrorCode, stripComments } from 'jsonc-parser/lib/esm/main.js';
import type { Edit, Node, ParseError } from 'jsonc-parser/lib/esm/main.js';
import type { ConfigFormat, JsonValue } from './clientAdapter.js';
import type { TextStyle } from './configText.js';
import { decodeConfigText, duplicateKey, lineAndColumn, lineIndent, notAnObject, startsLine, unparseable } from './configText.js';
import { RegistrationError } from './errors.js';

export type { TextStyle } from './configText.js';
export { detectStyle, lineAndColumn } from './configText.js';

/** The JSON flavours an editor accepts; TOML and YAML have their own editors. */
export type JsonFormat = Extract<ConfigFormat, 'json' | 'json-comments' | 'jsonc'>;

export interface ConfigDocument {
  /** The file, for messages. */
  source: string;
  bom: string;
  /** The text without its BOM; offsets in `root` refer to it. */
  text: string;
  /** Undefined for an empty or whitespace-only file (the caller decides whether that is allowed). */
  root: Node | undefined;
  style: TextStyle;
}

// Keyed by printParseErrorCode's names: the ParseErrorCode enum is an ambient const enum, which
// isolatedModules cannot read.
const REASONS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'a property name in double quotes was expected (a trailing comma?)',
  ValueExpected: 'a value was expected (a trailing comma or a cut-off file?)',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing } was expected (is the file cut off?)',
  CloseBracketExpected: 'a closing ] was expected (is the file cut off?)',
  EndOfFileExpected: 'extra text after the end of the JSON',
  InvalidCommentToken: 'comments are not allowed in this file',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'malformed \\u escape',
  InvalidEscapeCharacter: 'invalid escape after a backslash',
  InvalidCharacter: 'a control character (such as a tab or line break) inside a string',
};

function unparseableAt(source: string, text: string, reason: string, offset: number): RegistrationError {
  const { line, column } = lineAndColumn(text, offset);
  return unparseable(source, 'JSON', reason, line, column);
}

/** Nothing but well-formed comments (an unclosed one is a syntax error, not an empty file). */
function onlyComments(text: string): boolean {
  if (stripComments(text).trim() !== '') return false;
  const errors: ParseError[] = [];
  parseTree(text, errors);
  return errors.every((e) => printParseErrorCode(e.error) === 'ValueExpected');
}

/** Decodes and parses a config file's bytes; throws UNPARSEABLE_CONFIG naming the file and position. */
export function parseConfigDocument(bytes: Uint8Array, source: string, format: JsonFormat): ConfigDocument {
  const { bom, text, style } = decodeConfigText(bytes, source);
  if (text.trim() === '' || (format !== 'json' && onlyComments(text))) return { source, bom, text, root: undefined, style };

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, {
    disallowComments: format === 'json',
    allowTrailingComma: format === 'jsonc',
  });
  const first = errors[0];
  if (first) throw unparseableAt(source, text, REASONS[printParseErrorCode(first.error)] ?? 'syntax error', first.offset);
  if (format === 'json') {
    // Belt and braces: the assistant reads the file with JSON.parse, so that is the final judge.
    try {
      JSON.parse(text);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw unparseableAt(source, text, message, Number(/position (\d+)/.exec(message)?.[1] ?? 0));
    }
  }
  if (root?.type !== 'object') {
    throw notAnObject(source, `${root?.type === 'array' ? 'an array' : `a ${root?.type ?? 'bare'} value`} where a JSON object ({ … }) is expected`);
  }
  return { source, bom, text, root, style };
}

/** The whole document's value; `{}` for a blank file. */
export function documentValue(doc: ConfigDocument): Record<string, unknown> {
  return doc.root ? (getNodeValue(doc.root) as Record<string, unknown>) : {};
}

function propertyNamed(obj: Node, key: string, where: string, source: string): Node | undefined {
  const matches = (obj.children ?? []).filter((p) => p.children?.[0]?.value === key);
  if (matches.length > 1) throw duplicateKey(source, key, matches.length, where);
  return matches[0];
}

interface EntryNodes {
  /** The servers object, when the file has one. */
  servers: Node | undefined;
  /** Our property node (key + value) inside it, when present. */
  entry: Node | undefined;
}

function locateEntry(doc: ConfigDocument, serversKey: string, entryKey: string): EntryNodes {
  if (!doc.root) return { servers: undefined, entry: undefined };
  const serversProp = propertyNamed(doc.root, serversKey, 'the top level', doc.source);
  const servers = serversProp?.children?.[1];
  if (!servers) return { servers: undefined, entry: undefined };
  if (servers.type !== 'object') {
    throw new RegistrationError(
      'NOT_AN_OBJECT',
      `In the settings file ${doc.source}, "${serversKey}" is ${servers.type === 'array' ? 'an array' : `a ${servers.type}`}, ` +
        'not an object of servers. Co-Scientist left it untouched so as not to erase it; fix that key by hand and try again.',
      { configPath: doc.source },
    );
  }
  return { servers, entry: propertyNamed(servers, entryKey, `"${serversKey}"`, doc.source) };
}

/** Our entry's current value, or undefined when the file has none. */
export function readServerEntry(doc: ConfigDocument, serversKey: string, entryKey: string): unknown {
  const { entry } = locateEntry(doc, serversKey, entryKey);
  const value = entry?.children?.[1];
  return value ? getNodeValue(value) : undefined;
}

/** JSON for a value written inline (on one line) or as an indented block continuing at `baseIndent`. */
function render(value: JsonValue, baseIndent: string, style: TextStyle, inline: boolean): string {
  if (inline) return JSON.stringify(value);
  // JSON.stringify never emits a raw line break inside a string, so every '\n' is structural.
  return JSON.stringify(value, null, style.indentUnit).split('\n').join(style.eol + baseIndent);
}

function insertProperty(doc: ConfigDocument, obj: Node, key: string, value: JsonValue): Edit {
  const { style, text } = doc;
  const members = obj.children ?? [];
  const last = members[members.length - 1];
  if (last) {
    // Follow the neighbour: one member per line, or (minified, or neighbours sharing a line) inline.
    const inline = style.compact || !startsLine(text, last.offset);
    const indent = lineIndent(text, last.offset);
    const lead = style.compact ? ',' : inline ? ', ' : `,${style.eol}${indent}`;
    const member = `${JSON.stringify(key)}${style.compact ? ':' : ': '}${render(value, indent, style, inline)}`;
    return { offset: last.offset + last.length, length: 0, content: lead + member };
  }
  // Empty object: its inside holds at most whitespace, which we replace with one indented member.
  const outer = lineIndent(text, obj.offset);
  const indent = outer + style.indentUnit;
  const member = `${JSON.stringify(key)}${style.compact ? ':' : ': '}${render(value, indent, style, style.compact)}`;
  const content = style.compact ? member : `${style.eol}${indent}${member}${style.eol}${outer}`;
  return { offset: obj.offset + 1, length: obj.length - 2, content };
}

function removeProperty(obj: Node, prop: Node): Edit {
  const members = obj.children ?? [];
  const index = members.indexOf(prop);
  const previous = members[index - 1];
  const next = members[index + 1];
  if (previous) return { offset: previous.offset + previous.length, length: prop.offset + prop.length - (previous.offset + previous.length), content: '' };
  if (next) return { offset: prop.offset, length: next.offset - prop.offset, content: '' };
  return { offset: obj.offset + 1, length: obj.length - 2, content: '' };
}

function finish(doc: ConfigDocument, edits: Edit[]): string {
  return doc.bom + applyEdits(doc.text, edits);
}

/** The full new file text with our entry set to `value` (added, or its value replaced). */
export function withServerEntry(doc: ConfigDocument, serversKey: string, entryKey: string, value: JsonValue): string {
  if (!doc.root) {
    const fresh = render({ [serversKey]: { [entryKey]: value } }, '', doc.style, false) + doc.style.eol;
    // Whitespace carries nothing, so a blank file becomes a fresh document (keeping a BOM if any);
    // a JSONC file holding only comments keeps them above it.
    if (doc.text.trim() === '') return doc.bom + fresh;
    return doc.bom + doc.text + (doc.text.endsWith('\n') ? '' : doc.style.eol) + fresh;
  }
  const { servers, entry } = locateEntry(doc, serversKey, entryKey);
  const valueNode = entry?.children?.[1];
  if (entry && valueNode) {
    const inline = doc.style.compact || !startsLine(doc.text, entry.offset);
    const content = render(value, lineIndent(doc.text, entry.offset), doc.style, inline);
    return finish(doc, [{ offset: valueNode.offset, length: valueNode.length, content }]);
  }
  if (servers) return finish(doc, [insertProperty(doc, servers, entryKey, value)]);
  return finish(doc, [insertProperty(doc, doc.root, serversKey, { [entryKey]: value })]);
}

/** The full new file text without our entry; the servers object stays (possibly empty). */
export function withoutServerEntry(doc: ConfigDocument, serversKey: string, entryKey: string): string {
  const { servers, entry } = locateEntry(doc, serversKey, entryKey);
  if (!servers || !entry) return doc.bom + doc.text;
  return finish(doc, [removeProperty(servers, entry)]);
}
