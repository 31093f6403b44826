// The single status badge of an assistant card: every combination of registration state, "found
// on this computer" and the latest test launch reads as one statement, never two that disagree.
import { describe, expect, it } from 'vitest';
import type { AssistantState, RegistrationState, TestLaunch } from '../../../../../src-shared/routes/index.js';
import { assistantStatus } from '../../../../../src-renderer/features/assistants/assistantStatus.js';

const assistant = (state: RegistrationState, installed: boolean): AssistantState => ({
  id: 'claude-desktop',
  name: 'Claude Desktop',
  variant: 'standard',
  config_path: '/home/ada/.config/Claude/claude_desktop_config.json',
  detected: installed ? '/usr/bin/claude-desktop' : null,
  installed,
  registered: state === 'registered' || state === 'needs_repair' || state === 'changed_by_user',
  problem: null,
  state,
  next_step: null, lab_server: null, can_use_lab: false,
});

const test = (ok: boolean): TestLaunch => ({
  ok,
  command: '/usr/bin/node /app/dist/mcp/server.js --client claude-desktop',
  duration_ms: 200,
  server_name: 'co-scientist',
  server_version: '1.0.0',
  protocol_version: '2025-11-25',
  data_dir: '/home/ada/.local/share/co-scientist',
  error: ok ? null : 'The registered command opens the data folder …',
  stderr: null,
});

const STATES: RegistrationState[] = ['registered', 'needs_repair', 'changed_by_user', 'installed', 'not_installed'];

describe('assistantStatus', () => {
  it('"Connected" only when our entry is there, the assistant was found and no test launch failed', () => {
    expect(assistantStatus(assistant('registered', true))).toEqual({ text: 'Connected', className: 'badge-completed', hint: null });
    expect(assistantStatus(assistant('registered', true), test(true)).text).toBe('Connected');
    for (const state of STATES) {
      for (const installed of [true, false]) {
        for (const last of [null, test(true), test(false)]) {
          const status = assistantStatus(assistant(state, installed), last);
          const connected = state === 'registered' && installed && last?.ok !== false;
          expect(status.text === 'Connected', `${state} installed=${installed} test=${last?.ok}`).toBe(connected);
        }
      }
    }
  });

  it('never says "Connected" and "not found" together: an entry for an assistant that was not found says both facts as one', () => {
    for (const state of STATES) {
      const status = assistantStatus(assistant(state, false));
      expect(/connected/i.test(status.text) && /not found/i.test(`${status.text} ${status.hint ?? ''}`) && !/not connected/i.test(status.text)).toBe(false);
    }
    const status = assistantStatus(assistant('registered', false));
    expect(status.text).toBe('Registered, but not found here');
    expect(status.hint).toMatch(/Co-Scientist is in Claude Desktop's settings file, but Claude Desktop itself was not found on this computer/);
    expect(assistantStatus(assistant('not_installed', false)).text).toBe('Not found on this computer');
    expect(assistantStatus(assistant('installed', true)).text).toBe('Not connected');
  });

  it('a failed test launch turns a registered card into "Connection failed", pointing at the reason', () => {
    expect(assistantStatus(assistant('registered', true), test(false))).toMatchObject({ text: 'Connection failed', hint: expect.stringMatching(/see the test launch below/) });
  });
});
