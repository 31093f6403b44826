// Setting an assistant up by hand: the entry shown is what registration writes, and the command
// line is one a shell reads back into the same arguments our adapter would run.
import { describe, expect, it } from 'vitest';
import { desiredEntry, requireClient, targetFor } from '../../../../../src-main/host/registration/index.js';
import { manualSetup } from '../../../../../src-main/host/registration/manualSetup.js';
import { fixture, LAUNCH } from './helpers.js';

const claudeCode = requireClient('claude-code');
const claudeDesktop = requireClient('claude-desktop');
const codex = requireClient('codex');

describe('manualSetup', () => {
  it('Claude Desktop: its mcpServers entry as registration writes it, and our register command with the data folder', () => {
    const f = fixture('linux');
    const launch = { ...LAUNCH, args: [...LAUNCH.args, '--data-dir', "/data/ada's lab"] };
    const setup = manualSetup(targetFor(claudeDesktop, f.opts()), launch, 'co-scientist');
    expect(JSON.parse(setup.entry_json ?? '')).toEqual({ mcpServers: { 'co-scientist': desiredEntry(claudeDesktop, launch) } });
    expect(setup.command).toBe(`co-scientist register claude-desktop --data-dir '/data/ada'\\''s lab'`);
  });

  it("Claude Code: the `claude mcp add-json` line its adapter runs, quoted for a POSIX shell or PowerShell", () => {
    const f = fixture('linux');
    const setup = manualSetup(targetFor(claudeCode, f.opts()), LAUNCH, 'co-scientist');
    const json = JSON.stringify(desiredEntry(claudeCode, LAUNCH));
    expect(setup.command).toBe(`claude mcp add-json --scope user co-scientist '${json}'`);
    const windows = fixture('win32');
    expect(manualSetup(targetFor(claudeCode, windows.opts()), LAUNCH, undefined).command).toBe(`claude mcp add-json --scope user co-scientist '${json}'`);
  });

  it('no command where none can be typed, and no JSON entry for a TOML config', () => {
    const f = fixture('linux');
    const setup = manualSetup(targetFor(codex, f.opts()), LAUNCH, undefined);
    expect(setup).toEqual({ config_path: targetFor(codex, f.opts()).location.path, entry_json: null, command: null });
  });
});
