// What `co-scientist register|unregister|status` prints: one block per assistant, in words a
// scientist can act on. Kept apart from argument parsing so each stays readable.
import type { TestLaunch } from '../../../src-shared/routes/index.js';
import { CLIENTS } from './clients/index.js';
import type { RegistrationError } from './errors.js';
import type { RegistrationResult, UnregistrationOutcome } from './registrar.js';
import type { ClientInspection } from './targets.js';
import { dataDirOfEntry } from './targets.js';

export const USAGE = `Usage: co-scientist <command> [client|all] [options]

Commands:
  register <client|all>     add Co-Scientist to the assistant's MCP servers and test-launch it
                            ("all": every assistant found on this computer)
  unregister <client|all>   remove Co-Scientist's entry again (nothing else is touched)
  status [client|all]       where each assistant's settings are and whether Co-Scientist is in them

Clients: ${CLIENTS.map((c) => c.id).join(', ')}

Options:
  --home DIR        treat DIR as the home folder (APPDATA, LOCALAPPDATA, XDG_*, CODEX_HOME, … are then ignored)
  --platform NAME   whose file layout to use: darwin, win32 or linux (default: this machine's)
  --data-dir DIR    Co-Scientist's data folder (default: COSCI_DATA_DIR, else the standard place)
  --server URL      register a lab server (co-scientist serve --http) by its URL instead of the local server;
                    the assistant signs in to the lab by itself (Claude Code, Cursor, VS Code, Windsurf, Gemini CLI, Codex)
  --token-env VAR   with --server: send "Authorization: Bearer <value of VAR>" instead of signing in (a lab server in
                    token mode); only the variable's name is written (Claude Code, Gemini CLI, Codex)
  --yes, -y         replace or remove an entry that was edited by hand (run without it first to see the difference)
  --help, -h        show this help
`;

const label = (i: ClientInspection) => i.state.name;

/** `cli`: the co-scientist command as it can be typed here (src-shared/node/cliCommand.ts). */
export function statusReport(i: ClientInspection, cli = 'co-scientist'): string {
  const { state, upToDate, target } = i;
  const registered = {
    not_installed: 'no',
    installed: 'no',
    registered: upToDate === false ? 'yes' : 'yes, up to date',
    needs_repair: `yes, but it does not start this copy of Co-Scientist with this data folder (run: ${cli} register ${state.id})`,
    changed_by_user: `yes, but the entry was changed by hand (${cli} register ${state.id} shows the difference)`,
  }[state.state];
  const variant = target.location.variant;
  const lines = [
    label(i),
    `  Settings file: ${state.config_path}${['standard', 'user'].includes(variant) || target.location.label ? '' : ` (${variant} install)`}`,
    `  Installed:     ${state.installed ? `yes (${state.detected})` : 'no (its app or command was not found)'}`,
    `  Registered:    ${state.problem ? 'unknown' : registered}`,
  ];
  const folder = i.entry === undefined ? undefined : dataDirOfEntry(target, i.entry);
  if (folder !== undefined && !state.problem) lines.push(`  Data folder:   ${folder}`);
  if (state.problem) lines.push(`  Problem:       ${state.problem}`);
  return `${lines.join('\n')}\n`;
}

const REGISTER_SAYS = {
  created: (p: string) => `Created ${p} with Co-Scientist in it.`,
  added: (p: string) => `Added Co-Scientist to ${p}.`,
  updated: (p: string) => `Updated Co-Scientist's entry in ${p}.`,
  unchanged: (p: string) => `Co-Scientist is already registered in ${p}; nothing was changed.`,
};

export function testLaunchLine(test: TestLaunch): string {
  if (test.ok) {
    const who = [test.server_name, test.server_version].filter(Boolean).join(' ');
    const folder = test.data_dir ? `  Data folder:  ${test.data_dir}\n` : '';
    return `  Test launch:  ok, ${who || 'the server'} answered the MCP handshake in ${test.duration_ms} ms.\n${folder}`;
  }
  const said = test.stderr ? `\n${test.stderr.replace(/^/gm, '    | ')}` : '';
  return `  Test launch:  FAILED after ${test.duration_ms} ms: ${test.error}${said}\n`;
}

/** `register` when the test launch failed: nothing was written, so no assistant gets a command that cannot start. */
export function testFailedReport(name: string, configPath: string, command: string, test: TestLaunch): string {
  return (
    `${name}: not registered: the test launch of its command failed, so nothing was written to ${configPath}.\n` +
    `  Command:      ${command}\n${testLaunchLine(test)}\nFix what the test launch reports, then run the command again.\n`
  );
}

export function registerReport(name: string, out: RegistrationResult, command: string, test: TestLaunch): string {
  let text = `${name}: ${REGISTER_SAYS[out.action](out.config_path)}\n  Command:      ${command}\n`;
  if (out.backup_path) text += `  Backup of the previous file: ${out.backup_path}\n`;
  text += testLaunchLine(test);
  return `${text}\n${out.action === 'unchanged' ? 'If it does not show up yet: ' : 'Next: '}${out.next_step}\n`;
}

/** A lab server registered by URL: nothing to test-launch; the assistant signs in when it first connects. */
export function remoteRegisterReport(name: string, out: RegistrationResult, url: string): string {
  let text = `${name}: ${REGISTER_SAYS[out.action](out.config_path)}\n  Lab server:   ${url}\n`;
  if (out.backup_path) text += `  Backup of the previous file: ${out.backup_path}\n`;
  text += `  Sign-in:      ${name} opens the lab's sign-in page the first time it connects.\n`;
  return `${text}\n${out.action === 'unchanged' ? 'If it does not show up yet: ' : 'Next: '}${out.next_step}\n`;
}

export function unregisterReport(name: string, out: UnregistrationOutcome): string {
  if (out.action === 'absent') return `${name}: Co-Scientist is not registered in ${out.config_path}; nothing was changed.\n`;
  let text = `${name}: Removed Co-Scientist's entry from ${out.config_path}.\n`;
  if (out.backup_path) text += `  Backup of the previous file: ${out.backup_path}\n`;
  return `${text}\nNext: ${out.next_step}\n`;
}

export function refusalReport(err: RegistrationError, verb: string, name: string): string {
  let text = `Could not ${verb} Co-Scientist ${verb === 'register' ? 'with' : 'from'} ${name}: ${err.message}\n`;
  const change = err.details.change;
  if (err.code === 'CHANGED_BY_USER' && change) {
    text += `\n  - the entry in the file\n  + ${verb === 'register' ? "Co-Scientist's entry" : '(removed)'}\n\n`;
    text += `${change.diff.replace(/^/gm, '    ')}\n\n`;
    text += `Re-run with --yes to ${verb === 'register' ? 'replace' : 'remove'} it (a backup of the file is kept).\n`;
  }
  return text;
}
