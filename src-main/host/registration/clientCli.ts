// Registration through an assistant's own command-line tool, for assistants that rewrite their
// config file themselves (Claude Code rewrites ~/.claude.json constantly; editing it behind its
// back would race it). We still back up and re-read the file to verify the result: our entry as
// intended, every other server as it was. The caller's lock is not `<file>.lock`, which Claude
// Code takes itself while it saves (registrar.ts, lockFor).
import { spawn } from 'node:child_process';
import type { ClientCli, JsonObject } from './clientAdapter.js';
import { SERVER_KEY } from './clientAdapter.js';
import { parseConfig, sameDocument, withEntryValue } from './configEditor.js';
import { findBinary } from './detection.js';
import { RegistrationError } from './errors.js';
import type { ExistingFile } from './fileSafety.js';
import { assertWritable, readExistingFile, writeBackup } from './fileSafety.js';
import type { Target } from './targets.js';
import { sameEntry } from './targets.js';

/** A client CLI gets this long per call; `claude mcp …` answers in about a second. */
export const CLIENT_CLI_TIMEOUT_MS = 30_000;

/** The client's CLI, if it is installed and can be started without a shell. */
export function usableCli(t: Target): string | undefined {
  const cli = t.adapter.cli;
  if (!cli) return undefined;
  const found = findBinary(t.ctx, cli.names);
  // A .cmd/.bat shim (npm on Windows) only runs through cmd.exe, whose quoting rules would mangle
  // our JSON argument; the file editor is the safer path there.
  if (found === undefined || /\.(cmd|bat)$/i.test(found)) return undefined;
  return found;
}

interface CliRun {
  code: number | null;
  stderr: string;
  error: string | null;
}

function run(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    let stderr = '';
    let settled = false;
    const child = spawn(binary, args, { env, shell: false, stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
    const finish = (result: CliRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill();
      finish({ code: null, stderr, error: `did not finish within ${CLIENT_CLI_TIMEOUT_MS / 1000} s` });
    }, CLIENT_CLI_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    });
    child.on('error', (e) => finish({ code: null, stderr, error: e.message }));
    child.on('close', (code) => finish({ code, stderr, error: null }));
  });
}

/** The CLI must see the same home (and so the same config file) we are looking at. */
function cliEnvironment(t: Target): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(t.ctx.env)) if (v !== undefined) env[k] = v;
  env.HOME = t.ctx.home;
  if (t.ctx.platform === 'win32') env.USERPROFILE = t.ctx.home;
  return env;
}

function describe(binary: string, args: string[]): string {
  return [binary, ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
}

export interface CliEdit {
  original: ExistingFile | undefined;
  /** Our entry as found (undefined when absent): removed first when present. */
  existing: unknown;
  /** The entry to add; undefined to only remove. */
  desired: JsonObject | undefined;
  lock: { assertHeld(): void };
}

/** The CLI's own form for a lab server's URL where it has one; otherwise the entry as JSON. */
export function cliAddArgs(cli: ClientCli, entry: JsonObject): string[] {
  if (cli.addHttpArgs !== undefined && entry.type === 'http' && typeof entry.url === 'string') {
    const headers = typeof entry.headers === 'object' && entry.headers !== null && !Array.isArray(entry.headers) ? (entry.headers as Record<string, string>) : {};
    return cli.addHttpArgs(SERVER_KEY, entry.url, headers);
  }
  return cli.addArgs(SERVER_KEY, JSON.stringify(entry));
}

/** Runs `remove` (when an entry is there) and `add` (when registering), then checks the file. */
export async function editViaCli(t: Target, binary: string, edit: CliEdit): Promise<{ backup: string | null; written: unknown }> {
  const configPath = t.location.path;
  const cli = t.adapter.cli;
  if (!cli) throw new Error(`${t.adapter.id} has no CLI`);
  if (edit.original) await assertWritable(configPath);
  const backup = edit.original ? await writeBackup(configPath, edit.original) : null;
  const kept = backup ? ` A copy of the file from before is at ${backup}.` : '';
  const env = cliEnvironment(t);
  const steps = [
    ...(edit.existing !== undefined ? [cli.removeArgs(SERVER_KEY)] : []),
    ...(edit.desired ? [cliAddArgs(cli, edit.desired)] : []),
  ];
  for (const args of steps) {
    edit.lock.assertHeld();
    const result = await run(binary, args, env);
    if (result.code !== 0) {
      const why = result.error ?? `exit code ${result.code}`;
      const said = result.stderr.trim().split('\n').pop();
      throw new RegistrationError(
        'CLIENT_CLI_FAILED',
        `${t.adapter.displayName}'s command \`${describe(binary, args)}\` failed (${why})${said ? `: ${said}` : ''}.${kept}`,
        { configPath },
      );
    }
  }
  const after = await readExistingFile(configPath);
  const parsedAfter = after ? parseConfig(after.bytes, configPath, t.adapter.format) : undefined;
  const written = parsedAfter?.readEntry(t.adapter.site, SERVER_KEY);
  const before = edit.original ? parseConfig(edit.original.bytes, configPath, t.adapter.format).value : {};
  if (!sameDocument(otherServers(t, before), otherServers(t, parsedAfter?.value ?? {}), t.adapter.site)) {
    throw new RegistrationError(
      'VERIFY_FAILED',
      `${t.adapter.displayName}'s command changed other servers in ${configPath}, not only Co-Scientist's entry.${kept || ' The file did not exist before.'} Compare the two and put back what is missing.`,
      { configPath },
    );
  }
  const right = edit.desired ? written !== undefined && sameEntry(t.adapter, written, edit.desired) : written === undefined;
  if (!right) {
    throw new RegistrationError(
      'VERIFY_FAILED',
      `${t.adapter.displayName}'s command reported success, but ${configPath} does not hold the expected Co-Scientist entry afterwards.${kept}`,
      { configPath },
    );
  }
  return { backup, written };
}

/** The servers collection without our entry: what an edit of ours must leave exactly as it was. */
function otherServers(t: Target, document: Record<string, unknown>): Record<string, unknown> {
  const site = t.adapter.site;
  return { [site.key]: withEntryValue(document, site, SERVER_KEY, undefined)[site.key] };
}
