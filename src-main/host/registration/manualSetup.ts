// Setting an assistant up by hand, for a scientist who would rather (or must) do it themselves:
// the entry our registration would write, as JSON to paste where the assistant keeps its servers,
// and the one command line that registers it — the assistant's own CLI where our adapter uses it
// (`claude mcp add-json …`), else ours (`co-scientist register <id>`). Both come from the same
// code that registers (desiredEntry, the adapter's CLI arguments): never a second copy.
import { SERVER_KEY } from './clientAdapter.js';
import { cliAddArgs } from './clientCli.js';
import type { ServerTarget } from './remoteServer.js';
import type { Target } from './targets.js';
import { desiredEntry } from './targets.js';

export interface ManualSetup {
  config_path: string;
  /** `{ "<site>": { "co-scientist": … } }` for JSON configs with a map of servers; null for the others. */
  entry_json: string | null;
  /** One line for a terminal; null when there is no command to type here (e.g. the packaged app without its CLI). */
  command: string | null;
}

/** `cli`: the co-scientist command as it can be typed here (src-shared/node/cliCommand.ts). */
export function manualSetup(t: Target, launch: ServerTarget, cli: string | undefined): ManualSetup {
  const entry = desiredEntry(t.adapter, launch);
  const json = t.adapter.format !== 'toml' && t.adapter.format !== 'yaml' && t.adapter.site.shape === 'map';
  const quote = t.ctx.platform === 'win32' ? powerShellQuote : posixQuote;
  const own = t.adapter.cli;
  const dataDir = dataDirArgs(launch);
  const command = own
    ? [own.names[0] ?? t.adapter.id, ...cliAddArgs(own, entry)].map(quote).join(' ')
    : cli === undefined
      ? null
      : [cli, ...['register', t.adapter.id, ...dataDir].map(quote)].join(' ');
  return {
    config_path: t.location.path,
    entry_json: json ? JSON.stringify({ [t.adapter.site.key]: { [SERVER_KEY]: entry } }, null, 2) : null,
    command,
  };
}

/** `--data-dir X` when the launch names the app's data folder (it is not the default one). */
function dataDirArgs(launch: ServerTarget): string[] {
  if (!('args' in launch)) return [];
  const at = launch.args.indexOf('--data-dir');
  const folder = at >= 0 ? launch.args[at + 1] : undefined;
  return folder === undefined ? [] : ['--data-dir', folder];
}

function posixQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function powerShellQuote(arg: string): string {
  return /^[\w@%+=:,./\\-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "''")}'`;
}
