// The assistants adapter over the real registration module and real files in a fixture HOME:
// what the routes return for each situation a scientist's machine can be in.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAssistants } from '../../../src-main/host/assistants.js';
import { silentLogger } from './fakes.js';
import { removeTempDirs, SERVER_ENTRY, tempDir } from './realServer.js';

afterAll(removeTempDirs);

function machine(platform: NodeJS.Platform = 'linux') {
  const home = tempDir('home');
  const configPath = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
  const assistants = createAssistants(
    {
      home,
      platform,
      env: {},
      dataDir: tempDir('data'),
      launch: { command: process.execPath, args: [SERVER_ENTRY] },
    },
    silentLogger,
  );
  const writeConfig = (text: string) => {
    fs.mkdirSync(path.dirname(configPath), { recursive: true });
    fs.writeFileSync(configPath, text);
  };
  return { assistants, configPath, writeConfig };
}

describe('assistants adapter', () => {
  it('lists Claude Desktop as not installed on a machine without it', async () => {
    const { assistants, configPath } = machine();
    expect(await assistants.list()).toEqual({
      ok: true,
      data: [expect.objectContaining({ id: 'claude-desktop', installed: false, registered: false, config_path: configPath })],
    });
  });

  it('connects Claude Desktop and then lists it as registered', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": {} }\n');

    const outcome = await assistants.connect('claude-desktop');

    expect(outcome).toMatchObject({ ok: true, data: { id: 'claude-desktop', action: 'added', config_path: configPath } });
    expect(await assistants.list()).toMatchObject({ ok: true, data: [{ installed: true, registered: true }] });
  });

  it('answers REGISTRATION_REFUSED, naming the file, when the config does not parse', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": ');

    const outcome = await assistants.connect('claude-desktop');

    expect(outcome).toMatchObject({ ok: false, error: { code: 'REGISTRATION_REFUSED' } });
    expect(!outcome.ok && outcome.error.message).toContain(configPath);
  });

  it('answers CONFLICT with a diff when the scientist edited our entry, and replaces it only with force', async () => {
    const { assistants, configPath, writeConfig } = machine();
    writeConfig('{ "mcpServers": {} }\n');
    expect((await assistants.connect('claude-desktop')).ok).toBe(true);
    const config = JSON.parse(fs.readFileSync(configPath, 'utf8')) as { mcpServers: Record<string, { args: string[] }> };
    config.mcpServers['co-scientist']?.args.push('--verbose');
    fs.writeFileSync(configPath, JSON.stringify(config, null, 2));

    const refused = await assistants.connect('claude-desktop');
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(!refused.ok && refused.error.detail).toContain('--verbose');

    const forced = await assistants.connect('claude-desktop', true);
    expect(forced).toMatchObject({ ok: true, data: { action: 'updated' } });
    expect(fs.readFileSync(configPath, 'utf8')).not.toContain('--verbose');
  });

  it('refuses platforms the registration does not support', async () => {
    const { assistants } = machine('aix');
    expect(await assistants.list()).toMatchObject({ ok: false, error: { code: 'REGISTRATION_REFUSED' } });
    expect(await assistants.connect('claude-desktop')).toMatchObject({ ok: false, error: { code: 'REGISTRATION_REFUSED' } });
  });
});
