import { applyEdits, modify } from 'jsonc-parser/lib/esm/main.js';
import { describe, expect, it } from 'vitest';
import {
  detectStyle,
  lineAndColumn,
  parseConfigDocument,
  readServerEntry,
  withoutServerEntry,
  withServerEntry,
} from '../../../../../src-main/host/registration/jsonEntryEditor.js';
import type { JsonFormat } from '../../../../../src-main/host/registration/jsonEntryEditor.js';
import { refusalOf } from './helpers.js';

const ENTRY = { command: '/opt/Co Scientist/node', args: ['/opt/Co Scientist/server.js', '--client', 'claude-desktop'] };
const FILE = '/home/ana/.config/Claude/claude_desktop_config.json';

const doc = (text: string | Buffer, format: JsonFormat = 'json') =>
  parseConfigDocument(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, FILE, format);
const register = (text: string) => withServerEntry(doc(text), 'mcpServers', 'co-scientist', ENTRY);
const unregister = (text: string) => withoutServerEntry(doc(text), 'mcpServers', 'co-scientist');

/** Our entry taken out again by jsonc-parser itself (no formatting): must give back the original. */
function removedByJsoncParser(text: string): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(bom.length);
  return bom + applyEdits(body, modify(body, ['mcpServers', 'co-scientist'], undefined, {}));
}

function entryOf(text: string): unknown {
  return (JSON.parse(text.replace(/^\uFEFF/, '')) as { mcpServers: Record<string, unknown> }).mcpServers['co-scientist'];
}

const OTHERS = { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ana'] } };

describe('adding our entry keeps every other byte', () => {
  const layouts: Array<[string, string]> = [
    ['2 spaces, LF, trailing newline', `${JSON.stringify({ mcpServers: OTHERS, globalShortcut: 'Ctrl+Space' }, null, 2)}\n`],
    ['4 spaces, no trailing newline', JSON.stringify({ theme: 'dark', mcpServers: OTHERS }, null, 4)],
    ['tabs', `${JSON.stringify({ mcpServers: OTHERS }, null, '\t')}\n`],
    ['CRLF', `${JSON.stringify({ mcpServers: OTHERS, z: [1, 2] }, null, 2).replace(/\n/g, '\r\n')}\r\n`],
    ['BOM + CRLF + tabs', `\uFEFF${JSON.stringify({ mcpServers: OTHERS }, null, '\t').replace(/\n/g, '\r\n')}`],
    ['odd spacing around colons', '{\n  "mcpServers" :   {\n      "filesystem" : { "command" : "npx" }\n  } ,\n  "b":true\n}\n'],
    ['minified', JSON.stringify({ mcpServers: OTHERS, a: 1 })],
  ];

  for (const [name, original] of layouts) {
    it(name, () => {
      const updated = register(original);
      expect(entryOf(updated)).toEqual(ENTRY);
      expect(removedByJsoncParser(updated)).toBe(original);
      expect(unregister(updated)).toBe(original);
    });
  }

  it('writes the inserted lines in the file’s own indentation and line endings', () => {
    const crlfTabs = JSON.stringify({ mcpServers: OTHERS }, null, '\t').replace(/\n/g, '\r\n');
    const updated = register(crlfTabs);
    expect(updated.replace(/\r\n/g, '')).not.toContain('\n');
    expect(updated).toContain('\r\n\t\t"co-scientist": {\r\n\t\t\t"command": ');

    const fourSpaces = JSON.stringify({ mcpServers: OTHERS }, null, 4);
    expect(register(fourSpaces)).toContain('\n        "co-scientist": {\n            "command": ');
  });

  it('a one-line neighbour stays one line (jsonc-parser’s formatter would re-flow it)', () => {
    const original = '{\n  "mcpServers": {\n    "a": {"command": "x", "args": []}\n  }\n}\n';
    const updated = register(original);
    expect(updated).toContain('    "a": {"command": "x", "args": []},\n    "co-scientist": {\n');
    expect(removedByJsoncParser(updated)).toBe(original);
  });

  it('a file without mcpServers gets one after its last key; the rest is a byte-identical prefix and suffix', () => {
    const original = '{\n  "globalShortcut": "Alt+Space",\n  "theme": "light"\n}\n';
    const updated = register(original);
    expect(updated.startsWith('{\n  "globalShortcut": "Alt+Space",\n  "theme": "light"')).toBe(true);
    expect(updated.endsWith('\n}\n')).toBe(true);
    expect(JSON.parse(updated)).toEqual({ globalShortcut: 'Alt+Space', theme: 'light', mcpServers: { 'co-scientist': ENTRY } });
  });

  it('an empty mcpServers or an empty file object gets an indented member', () => {
    expect(register('{\n    "mcpServers": {}\n}')).toBe(
      `{\n    "mcpServers": {\n        "co-scientist": ${JSON.stringify(ENTRY, null, 4).replace(/\n/g, '\n        ')}\n    }\n}`,
    );
    expect(JSON.parse(register('{}'))).toEqual({ mcpServers: { 'co-scientist': ENTRY } });
  });

  it('an empty or whitespace-only file is treated as {} (as Claude Desktop does) and becomes a fresh document', () => {
    for (const blank of ['', '  \n', '\uFEFF']) {
      const updated = register(blank);
      expect(JSON.parse(updated.replace(/^\uFEFF/, ''))).toEqual({ mcpServers: { 'co-scientist': ENTRY } });
      expect(updated.startsWith('\uFEFF')).toBe(blank.startsWith('\uFEFF'));
    }
  });

  it('replacing our entry touches only its value', () => {
    const before = '{\r\n\t"mcpServers": {\r\n\t\t"co-scientist": {"command": "/old"},\r\n\t\t"z": {}\r\n\t},\r\n\t"k": 1\r\n}';
    const updated = register(before);
    const prefix = '{\r\n\t"mcpServers": {\r\n\t\t"co-scientist": ';
    const suffix = ',\r\n\t\t"z": {}\r\n\t},\r\n\t"k": 1\r\n}';
    expect(updated.startsWith(prefix)).toBe(true);
    expect(updated.endsWith(suffix)).toBe(true);
    expect(updated.slice(prefix.length, updated.length - suffix.length)).toBe(
      JSON.stringify(ENTRY, null, '\t').replace(/\n/g, '\r\n\t\t'),
    );
  });

  it('jsonc files keep their comments', () => {
    const original = '{\n  // my servers\n  "mcpServers": {\n    "a": {} /* keep */\n  },\n}\n';
    const updated = withServerEntry(doc(original, 'jsonc'), 'mcpServers', 'co-scientist', ENTRY);
    expect(updated).toContain('// my servers');
    expect(updated).toContain('/* keep */');
    expect(readServerEntry(doc(updated, 'jsonc'), 'mcpServers', 'co-scientist')).toEqual(ENTRY);
  });
});

describe('removing our entry', () => {
  const withUs = (members: string[]) => `{\n  "mcpServers": {\n${members.map((m) => `    ${m}`).join(',\n')}\n  }\n}\n`;
  const ours = `"co-scientist": ${JSON.stringify(ENTRY)}`;

  it('first, middle, last and only member', () => {
    expect(unregister(withUs([ours, '"a": {}', '"b": {}']))).toBe(withUs(['"a": {}', '"b": {}']));
    expect(unregister(withUs(['"a": {}', ours, '"b": {}']))).toBe(withUs(['"a": {}', '"b": {}']));
    expect(unregister(withUs(['"a": {}', '"b": {}', ours]))).toBe(withUs(['"a": {}', '"b": {}']));
    expect(unregister(withUs([ours]))).toBe('{\n  "mcpServers": {}\n}\n');
  });

  it('without our entry the text comes back unchanged', () => {
    const text = '{ "mcpServers": { "a": {} } }';
    expect(unregister(text)).toBe(text);
    expect(unregister('{"x": 1}')).toBe('{"x": 1}');
  });
});

describe('refusing what we cannot edit safely', () => {
  it.each([
    ['a trailing comma', '{\n  "mcpServers": {\n    "a": {},\n  }\n}\n', /line 4, column 3/, /trailing comma/],
    ['a truncated file', '{\n  "mcpServers": {\n    "a": {', /line 3, column 11/, /cut off/],
    ['a comment', '// servers\n{}', /line 1, column 1/, /comments are not allowed/],
    ['single quotes', "{\n 'a': 1}", /line 2, column 2/, /unexpected character/],
  ])('%s: UNPARSEABLE_CONFIG naming the file and the position', (_name, text, position, reason) => {
    const err = refusalOf(() => doc(text));
    expect(err.code).toBe('UNPARSEABLE_CONFIG');
    expect(err.message).toContain(FILE);
    expect(err.message).toMatch(position);
    expect(err.message).toMatch(reason);
    expect(err.message).toMatch(/left it untouched/);
  });

  it('bytes that are not UTF-8', () => {
    const err = refusalOf(() => doc(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])));
    expect(err.code).toBe('UNPARSEABLE_CONFIG');
    expect(err.message).toMatch(/not UTF-8/);
  });

  it.each([['[]'], ['"text"'], ['null'], ['42']])('a top level that is not an object: %s', (text) => {
    expect(refusalOf(() => doc(text)).code).toBe('NOT_AN_OBJECT');
  });

  it.each([['[]'], ['"none"'], ['null'], ['true']])('mcpServers that is not an object: %s', (value) => {
    const text = `{"mcpServers": ${value}}`;
    const err = refusalOf(() => register(text));
    expect(err.code).toBe('NOT_AN_OBJECT');
    expect(err.message).toMatch(/"mcpServers" is/);
    expect(refusalOf(() => unregister(text)).code).toBe('NOT_AN_OBJECT');
  });

  it('a duplicated key we would edit', () => {
    expect(refusalOf(() => register('{"mcpServers": {}, "mcpServers": {}}')).code).toBe('DUPLICATE_KEY');
    expect(refusalOf(() => register('{"mcpServers": {"co-scientist": {}, "co-scientist": {}}}')).message).toMatch(/2 times/);
  });
});

describe('detectStyle', () => {
  it('finds the indentation unit and line ending', () => {
    expect(detectStyle('{\n\t"a": {\n\t\t"b": 1\n\t}\n}')).toMatchObject({ indentUnit: '\t', eol: '\n', compact: false });
    expect(detectStyle('{\r\n    "a": {\r\n        "b": 1\r\n    }\r\n}')).toMatchObject({ indentUnit: '    ', eol: '\r\n' });
    expect(detectStyle('{"a":1}')).toMatchObject({ indentUnit: '  ', compact: true });
    expect(detectStyle('')).toMatchObject({ indentUnit: '  ', eol: '\n', compact: false });
  });

  it('lineAndColumn is 1-based', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
