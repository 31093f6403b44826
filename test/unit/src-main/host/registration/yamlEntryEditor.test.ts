// The YAML editor (Goose's `extensions` map, Continue's `mcpServers` list): text splices at the
// positions the yaml Document API reports, never a re-print of the document.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseYamlConfig, readYamlEntry, withoutYamlEntry, withYamlEntry } from '../../../../../src-main/host/registration/yamlEntryEditor.js';
import { refusalOf, splice } from './helpers.js';

const MAP = { key: 'extensions', shape: 'map' } as const;
const LIST = { key: 'mcpServers', shape: 'list' } as const;
const GOOSE = { name: 'co-scientist', type: 'stdio', cmd: '/Apps/Co Scientist/co', args: ['yes', '1.0', '~', 'Zoë 研究'], envs: {} };
const CONT = { name: 'co-scientist', command: '/Apps/Co Scientist/co', args: ['--client', 'continue'] };
const doc = (text: string) => parseYamlConfig(Buffer.from(text, 'utf8'), '/home/ana/.config/goose/config.yaml');
const addMap = (text: string) => withYamlEntry(doc(text), MAP, 'co-scientist', GOOSE);
const addList = (text: string) => withYamlEntry(doc(text), LIST, 'co-scientist', CONT);
const value = (text: string) => parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;

describe('YAML editor, map of servers (Goose)', () => {
  it('inserts after the last extension at its indentation; strings stay strings; removal restores the bytes', () => {
    const original = 'extensions:\n    dev:\n        enabled: true   # on\n# between\nGOOSE_MODE: auto\n';
    const added = addMap(original);
    expect(splice(original, added).removed).toBe('');
    expect(added).toContain('\n    co-scientist:\n        name: "co-scientist"\n');
    expect(value(added)).toEqual({ extensions: { dev: { enabled: true }, 'co-scientist': GOOSE }, GOOSE_MODE: 'auto' });
    expect(withoutYamlEntry(doc(added), MAP, 'co-scientist')).toBe(original);
  });

  it('adds the extensions key when absent, or fills an empty one; a comments-only file keeps its comments', () => {
    expect(value(addMap('GOOSE_MODE: auto\n'))).toEqual({ GOOSE_MODE: 'auto', extensions: { 'co-scientist': GOOSE } });
    expect(value(addMap('extensions:\nGOOSE_MODE: auto\n'))).toEqual({ extensions: { 'co-scientist': GOOSE }, GOOSE_MODE: 'auto' });
    const commented = addMap('# nothing yet\n');
    expect(commented.startsWith('# nothing yet\nextensions:\n')).toBe(true);
    expect(value(addMap(''))).toEqual({ extensions: { 'co-scientist': GOOSE } });
  });

  it('flow-style maps get JSON (valid flow YAML) inside their braces', () => {
    expect(value(addMap('extensions: {}\n'))).toEqual({ extensions: { 'co-scientist': GOOSE } });
    const added = addMap('extensions: {dev: {enabled: true}}\nx: 1\n');
    expect(added.startsWith('extensions: {dev: {enabled: true}, "co-scientist": {')).toBe(true);
    expect(withoutYamlEntry(doc(added), MAP, 'co-scientist')).toBe('extensions: {dev: {enabled: true}}\nx: 1\n');
  });

  it('replacing our entry touches only its lines; removing the only one leaves `extensions: {}`', () => {
    const original = 'extensions:  # mine\n  co-scientist:\n    cmd: /old\n    # old note\n  dev:\n    enabled: true\n';
    const replaced = addMap(original);
    expect(replaced.endsWith('  dev:\n    enabled: true\n')).toBe(true);
    expect(replaced.startsWith('extensions:  # mine\n  co-scientist:\n')).toBe(true);
    expect(readYamlEntry(doc(replaced), MAP, 'co-scientist')).toEqual(GOOSE);
    expect(withoutYamlEntry(doc('extensions:\n  co-scientist:\n    cmd: /old\nx: 1\n'), MAP, 'co-scientist')).toBe('extensions: {}\nx: 1\n');
  });

  it('keeps CRLF and a BOM', () => {
    const added = addMap('\uFEFFextensions:\r\n  dev:\r\n    enabled: true\r\n');
    expect(added.startsWith('\uFEFFextensions:\r\n')).toBe(true);
    expect(added.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('anchors and aliases elsewhere keep their meaning', () => {
    const original = 'defaults: &d {timeout: 300}\nextensions:\n  dev: *d\n';
    expect(value(addMap(original))).toMatchObject({ defaults: { timeout: 300 }, extensions: { dev: { timeout: 300 } } });
  });

  it.each([
    ['duplicate keys', 'extensions:\n  a: 1\n  a: 2\n', 'UNPARSEABLE_CONFIG'],
    ['a tab as indentation', 'extensions:\n\ta: 1\n', 'UNPARSEABLE_CONFIG'],
    ['two documents', 'a: 1\n---\nb: 2\n', 'UNPARSEABLE_CONFIG'],
    ['a list at the top', '- a\n- b\n', 'NOT_AN_OBJECT'],
    ['extensions as a list', 'extensions:\n  - a\n', 'NOT_AN_OBJECT'],
  ])('%s is refused (%s)', (_name, text, code) => {
    expect(refusalOf(() => readYamlEntry(doc(text), MAP, 'co-scientist')).code).toBe(code);
  });
});

describe('YAML editor, list of servers (Continue)', () => {
  it('appends an item at the existing dash column, indented or not; removal restores the bytes', () => {
    for (const original of [
      'mcpServers:\n- name: notes\n  command: n\nrules: []\n',
      'mcpServers:\n  - name: notes\n    command: n\n  # end of servers\nrules: []\n',
    ]) {
      const added = addList(original);
      expect(splice(original, added).removed).toBe('');
      expect((value(added).mcpServers as unknown[]).at(-1)).toEqual(CONT);
      expect(withoutYamlEntry(doc(added), LIST, 'co-scientist')).toBe(original);
    }
  });

  it('fills `mcpServers: []`, an empty key, or adds the key', () => {
    expect(value(addList('name: x\nmcpServers: []\n')).mcpServers).toEqual([CONT]);
    expect(value(addList('name: x\nmcpServers:\nrules: []\n')).mcpServers).toEqual([CONT]);
    expect(value(addList('name: x\n')).mcpServers).toEqual([CONT]);
  });

  it('replaces our item (found by name) in place and removes it leaving `[]`', () => {
    const original = 'mcpServers:\n  - name: co-scientist\n    command: /old\n  - name: notes\n    command: n\n';
    const replaced = addList(original);
    expect(value(replaced).mcpServers).toEqual([CONT, { name: 'notes', command: 'n' }]);
    expect(replaced.endsWith('  - name: notes\n    command: n\n')).toBe(true);
    expect(withoutYamlEntry(doc('mcpServers:\n  - name: co-scientist\n    command: /old\n'), LIST, 'co-scientist')).toBe('mcpServers: []\n');
  });

  it('two items named co-scientist are a DUPLICATE_KEY, not a guess', () => {
    const text = 'mcpServers:\n  - name: co-scientist\n  - name: co-scientist\n';
    expect(refusalOf(() => addList(text)).code).toBe('DUPLICATE_KEY');
  });
});
