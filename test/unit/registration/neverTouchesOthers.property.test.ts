// STYLE.md: "a registration never changes another server's entry" — as a property over random
// configs in random (valid) formatting, on real files.
import fs from 'node:fs';
import fc from 'fast-check';
import { applyEdits, modify } from 'jsonc-parser/lib/esm/main.js';
import { describe, expect, it } from 'vitest';
import { registerClaudeDesktop, unregisterClaudeDesktop } from '../../../src-main/host/registration/index.js';
import { backupsOf, claudeConfigPath, EXPECTED_ENTRY, fixture, writeConfig } from './helpers.js';

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
