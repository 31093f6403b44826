// STYLE.md: "a registration never changes another server's entry" — as a property over random
// configs in random (valid) formatting, on real files.
import fs from 'node:fs';
import fc from 'fast-check';
import { applyEdits, modify } from 'jsonc-parser/lib/esm/main.js';
import { describe, expect, it } from 'vitest';
import { stringify as stringifyToml } from '@decimalturn/toml-patch';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CLIENTS, registerClaudeDesktop, registerClient, targetFor, unregisterClaudeDesktop, unregisterClient } from '../../../../../src-main/host/registration/index.js';
import { backupsOf, claudeConfigPath, EXPECTED_ENTRY, fixture, splice, writeConfig } from './helpers.js';

type Json = Record<string, unknown>;

const serverName = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== 'co-scientist');
const server = fc.oneof(
  fc.record(
    { command: fc.string(), args: fc.array(fc.string(), { maxLength: 4 }), env: fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }) },
    { requiredKeys: ['command'] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const scenario = fc.record({
  servers: fc.dictionary(serverName, server, { maxKeys: 5 }),
  otherKeys: fc.dictionary(fc.string({ maxLength: 10 }).filter((k) => k !== 'mcpServers'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  serversFirst: fc.boolean(),
  /** A stale or hand-made entry of ours already in the file (replaced with force). */
  existingOurs: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
  indent: fc.constantFrom<string | number>(0, 2, 4, '\t'),
  eol: fc.constantFrom('\n', '\r\n'),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function configText(s: Scenario): string {
  const servers: Json = { ...s.servers };
  if (s.existingOurs !== undefined) servers['co-scientist'] = s.existingOurs;
  const config: Json = s.serversFirst ? { mcpServers: servers, ...s.otherKeys } : { ...s.otherKeys, mcpServers: servers };
  const json = JSON.stringify(config, null, s.indent).replace(/\n/g, s.eol);
  return `${s.bom ? '\uFEFF' : ''}${json}${s.finalNewline ? s.eol : ''}`;
}

const parse = (text: string) => JSON.parse(text.replace(/^\uFEFF/, '')) as Json;
const withoutOurs = (config: Json): Json => {
  const { 'co-scientist': _ours, ...others } = config.mcpServers as Json;
  return { ...config, mcpServers: others };
};

describe('property: registering never changes anything but our own entry', () => {
  it('other servers and keys are equal before and after; bytes too when we only add', async () => {
    const { home, opts } = fixture('linux');
    const file = claudeConfigPath(home, 'linux');
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const original = configText(s);
        writeConfig(file, original);
        await registerClaudeDesktop(opts({ force: true }));
        const after = fs.readFileSync(file, 'utf8');

        expect(withoutOurs(parse(after))).toEqual(withoutOurs(parse(original)));
        expect((parse(after).mcpServers as Json)['co-scientist']).toEqual(EXPECTED_ENTRY);
        if (s.existingOurs === undefined && Object.keys(s.servers).length > 0) {
          const body = after.replace(/^\uFEFF/, '');
          const removed = applyEdits(body, modify(body, ['mcpServers', 'co-scientist'], undefined, {}));
          expect(`${s.bom ? '\uFEFF' : ''}${removed}`).toBe(original);
          // And our own unregister is the exact inverse.
          await unregisterClaudeDesktop(opts());
          expect(fs.readFileSync(file, 'utf8')).toBe(original);
        }
        for (const backup of backupsOf(file)) fs.rmSync(backup);
      }),
      { numRuns: 120 },
    );
  });
});

describe('property: the same holds for TOML (Codex) and YAML (Goose, Continue)', () => {
  const simpleValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }));
  const tomlServer = fc.record({ command: fc.string(), args: fc.array(fc.string(), { maxLength: 3 }), extra: simpleValue }, { requiredKeys: ['command'] });
  const names = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/).filter((k) => k !== 'co-scientist'), { maxLength: 5 });

  it('Codex: other tables keep their bytes; removing our table restores the file', async () => {
    const { opts } = fixture('linux');
    const codex = CLIENTS.find((c) => c.id === 'codex')!;
    const file = targetFor(codex, opts()).location.path;
    await fc.assert(
      fc.asyncProperty(names, fc.array(tomlServer, { minLength: 5, maxLength: 5 }), fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), simpleValue, { maxKeys: 3 }), fc.constantFrom('\n', '\r\n'), async (keys, servers, top, eol) => {
        const value = { ...top, mcp_servers: Object.fromEntries(keys.map((k, i) => [k, servers[i]])) };
        const original = stringifyToml(value).replace(/\r?\n/g, eol);
        writeConfig(file, original);
        await registerClient(codex, opts());
        const after = fs.readFileSync(file, 'utf8');
        expect(splice(original, after).removed).toBe('');
        await unregisterClient(codex, opts());
        expect(fs.readFileSync(file, 'utf8')).toBe(original);
        for (const backup of backupsOf(file)) fs.rmSync(backup);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['goose', 'continue'])('%s: other entries keep their bytes; removing ours restores the file', async (id) => {
    const { opts } = fixture('linux');
    const adapter = CLIENTS.find((c) => c.id === id)!;
    const file = targetFor(adapter, opts()).location.path;
    await fc.assert(
      fc.asyncProperty(names, fc.constantFrom(2, 4), fc.boolean(), fc.jsonValue({ maxDepth: 2 }), async (keys, indent, indentSeq, other) => {
        const servers = keys.map((k) => ({ name: k, command: `/bin/${k}`, args: ['--stdio'] }));
        const collection = adapter.site.shape === 'list' ? servers : Object.fromEntries(servers.map((s) => [s.name, s]));
        const value = { name: 'cfg', version: '1.0.0', other, [adapter.site.key]: collection, zz: 'end' };
        const original = `# kept\n${stringifyYaml(value, { indent, indentSeq })}`;
        writeConfig(file, original);
        await registerClient(adapter, opts());
        const after = fs.readFileSync(file, 'utf8');
        expect(splice(original, after).removed).toBe('');
        expect(parseYaml(after)).toMatchObject({ other: (parseYaml(original) as { other: unknown }).other, zz: 'end' });
        await unregisterClient(adapter, opts());
        const restored = fs.readFileSync(file, 'utf8');
        // Removing our only entry leaves an explicit empty collection (`{}` / `[]`) instead of nothing.
        if (keys.length > 0) expect(restored).toBe(original);
        for (const backup of backupsOf(file)) fs.rmSync(backup);
      }),
      { numRuns: 60 },
    );
  });
});
