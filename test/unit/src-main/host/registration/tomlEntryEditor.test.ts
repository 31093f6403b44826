// The TOML editor (Codex's config.toml): whole-line splices of our table, nothing else.
import { parse } from '@decimalturn/toml-patch';
import { describe, expect, it } from 'vitest';
import { parseTomlConfig, readTomlEntry, withoutTomlEntry, withTomlEntry } from '../../../../../src-main/host/registration/tomlEntryEditor.js';
import { refusalOf } from './helpers.js';

const SITE = { key: 'mcp_servers', shape: 'map' } as const;
const ENTRY = { command: '/Applications/Co Scientist.app/Contents/MacOS/Co-Scientist', args: ['C:\\Users\\Zoë\\server.js', '--client', 'codex'], env: { ELECTRON_RUN_AS_NODE: '1' } };
const doc = (text: string) => parseTomlConfig(Buffer.from(text, 'utf8'), '/home/ana/.codex/config.toml');
const add = (text: string) => withTomlEntry(doc(text), SITE, 'co-scientist', ENTRY);
const remove = (text: string) => withoutTomlEntry(doc(text), SITE, 'co-scientist');
const entryIn = (text: string) => (parse(text.replace(/^\uFEFF/, '')) as { mcp_servers: Record<string, unknown> }).mcp_servers['co-scientist'];

describe('TOML editor', () => {
  it('appends a [mcp_servers.co-scientist] table after a blank line; removing it gives back the bytes', () => {
    const original = '# top\nmodel = "o3"\n\n[mcp_servers.notes]\ncommand = "n"  # keep\n';
    const added = add(original);
    expect(added).toBe(
      `${original}\n[mcp_servers.co-scientist]\ncommand = "/Applications/Co Scientist.app/Contents/MacOS/Co-Scientist"\n` +
        'args = ["C:\\\\Users\\\\Zoë\\\\server.js", "--client", "codex"]\nenv = { ELECTRON_RUN_AS_NODE = "1" }\n',
    );
    expect(entryIn(added)).toEqual(ENTRY);
    expect(remove(added)).toBe(original);
  });

  it('follows CRLF, keeps a BOM, and handles a file without a final newline or an empty file', () => {
    const crlf = add('\uFEFFmodel = "o3"\r\n');
    expect(crlf.startsWith('\uFEFFmodel = "o3"\r\n\r\n[mcp_servers.co-scientist]\r\n')).toBe(true);
    expect(crlf.replace(/\r\n/g, '')).not.toContain('\n');
    expect(add('model = "o3"')).toMatch(/^model = "o3"\n\n\[mcp_servers\.co-scientist\]\n/);
    expect(add('')).toMatch(/^\[mcp_servers\.co-scientist\]\n/);
    expect(entryIn(add('   \n'))).toEqual(ENTRY);
  });

  it('replaces our table and its sub-tables with one table, keeping the comments around them', () => {
    const original =
      '# my servers\n[mcp_servers.co-scientist]\ncommand = "old"\n\n[mcp_servers.co-scientist.env]\nA = "1"\n# after ours\n\n[other]\nx = 1\n';
    const replaced = add(original);
    expect(replaced).toContain('# my servers\n[mcp_servers.co-scientist]\ncommand = "/Applications');
    expect(replaced).toContain('# after ours\n\n[other]\nx = 1\n');
    expect(replaced).not.toContain('co-scientist.env');
    expect(entryIn(replaced)).toEqual(ENTRY);
    // The blank line that separated the old sub-table stays: it is the scientist's spacing, not ours.
    expect(remove(replaced)).toBe('# my servers\n\n# after ours\n\n[other]\nx = 1\n');
  });

  it('an inline entry under [mcp_servers] is replaced in place, on its own line', () => {
    const original = '[mcp_servers]\nnotes = { command = "n" }\n  co-scientist = { command = "old" }\nzz = { command = "z" }\n';
    const replaced = add(original);
    expect(replaced.split('\n')[1]).toBe('notes = { command = "n" }');
    expect(replaced.split('\n')[2]).toMatch(/^ {2}co-scientist = \{ command = "\/Applications/);
    expect(replaced.split('\n')[3]).toBe('zz = { command = "z" }');
    expect(entryIn(replaced)).toEqual(ENTRY);
    expect(remove(original)).toBe('[mcp_servers]\nnotes = { command = "n" }\nzz = { command = "z" }\n');
  });

  it('dotted keys are refused as UNSUPPORTED_LAYOUT rather than rewritten', () => {
    const dotted = 'mcp_servers.co-scientist.command = "old"\nmcp_servers.co-scientist.args = []\n';
    expect(refusalOf(() => add(dotted)).code).toBe('UNSUPPORTED_LAYOUT');
    expect(refusalOf(() => remove(dotted)).message).toMatch(/\[mcp_servers\.co-scientist\] table/);
  });

  it('an mcp_servers that is not a table is NOT_AN_OBJECT', () => {
    expect(refusalOf(() => doc('mcp_servers = "none"\n') && readTomlEntry(doc('mcp_servers = "none"\n'), SITE, 'co-scientist')).code).toBe('NOT_AN_OBJECT');
  });

  it('strings that need escapes survive: quotes, backslashes, control characters, non-ASCII', () => {
    const tricky = { command: '/opt/say "hi"\\now', args: ['tab\there', 'line\nbreak', 'bell\u0007', '研究 Ünïcødé'] };
    const text = withTomlEntry(doc(''), SITE, 'co-scientist', tricky);
    expect(entryIn(text)).toEqual(tricky);
  });

  it('a syntax error names the file, the line and the column', () => {
    const err = refusalOf(() => doc('[mcp_servers.notes]\ncommand = "unterminated\n'));
    expect(err.code).toBe('UNPARSEABLE_CONFIG');
    expect(err.message).toMatch(/\/home\/ana\/\.codex\/config\.toml is not valid TOML: .* at line 2, column \d+/);
  });
});
