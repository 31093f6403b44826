// A lab server (`co-scientist serve --http`, issue 31) as the server an assistant is registered
// with: `co-scientist register <client> --server <URL>` writes the assistant's HTTP entry for that
// URL and leaves the OAuth sign-in to the assistant, which discovers the lab's authorization server
// from the URL itself (RFC 9728). With `--token-env VAR` (a lab server in token mode, or a token
// the lab hands out) the entry sends `Authorization: Bearer <the value of VAR>` instead, naming the
// variable only: the token is read from the assistant's environment when it connects and is never
// written into its config. Claude Code and Gemini CLI expand the variable in a header, Codex
// reads it through `bearer_token_env_var` (checked with each real CLI: scripts/interop.mjs).
import type { ClientAdapter, JsonObject } from './clientAdapter.js';
import { RegistrationError } from './errors.js';
import type { LaunchCommand } from './launcher.js';

export interface RemoteServer {
  /** The lab server's public MCP URL (its --resource). */
  url: string;
  /** The environment variable holding a bearer token to send (instead of the assistant's own OAuth sign-in). */
  tokenEnv?: string;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--token-env`: the name of an environment variable (the token itself never goes on a command line or into a file). */
export function parseTokenEnv(raw: string): string {
  if (!ENV_NAME.test(raw)) throw new Error(`Invalid --token-env "${raw}": give the name of the environment variable that holds the token (letters, digits and _), not the token itself.`);
  return raw;
}

/** What registration points an assistant at: our server as a local command, or a lab server's URL. */
export type ServerTarget = LaunchCommand | RemoteServer;

export function isRemote(server: ServerTarget): server is RemoteServer {
  return 'url' in server;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/i;

/** `--server` (or the app's lab URL, `named` so): an absolute http(s) URL; plain http only to this computer (tokens travel with every request). */
export function parseServerUrl(raw: string, named = '--server'): RemoteServer {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid ${named} "${raw}": give the lab server's URL, e.g. https://cosci.lab.example/mcp.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Invalid ${named} "${raw}": use an https:// URL.`);
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) throw new Error(`Invalid ${named} "${raw}": a lab server on another computer must be reached over https://.`);
  if (url.hash !== '' || url.username !== '' || url.password !== '') throw new Error(`Invalid ${named} "${raw}": no fragment or credentials in the URL (the assistant signs in by itself).`);
  return { url: url.href };
}

/** The adapter's entry for a lab server, or why this assistant cannot be pointed at one from its config file. */
export function httpEntryFor(adapter: ClientAdapter, server: RemoteServer): JsonObject {
  if (server.tokenEnv !== undefined) {
    if (adapter.buildTokenHttpEntry === undefined) {
      throw new RegistrationError(
        'REMOTE_NOT_SUPPORTED',
        `${adapter.displayName} cannot be given a bearer token from an environment variable by Co-Scientist. Register it without --token-env (it then signs in to the lab itself), or use Claude Code, Gemini CLI or Codex.`,
      );
    }
    return adapter.buildTokenHttpEntry(server.url, server.tokenEnv);
  }
  if (adapter.buildHttpEntry === undefined) {
    throw new RegistrationError(
      'REMOTE_NOT_SUPPORTED',
      `${adapter.displayName} cannot be pointed at a lab server by Co-Scientist. Add ${server.url} in ${adapter.displayName}'s own settings as a remote (HTTP) MCP server, or use Claude Code, Cursor, VS Code, Windsurf, Gemini CLI or Codex.`,
    );
  }
  return adapter.buildHttpEntry(server.url);
}

const PROBE_URL = 'https://lab.invalid/mcp';

/**
 * The lab server an entry of this assistant points at, or undefined for a local command (or an
 * assistant that cannot name a lab). Read through the adapter's own builder: the field its HTTP
 * entry puts the URL in (url, httpUrl, serverUrl) is the one looked at.
 */
export function labUrlOfEntry(adapter: ClientAdapter, entry: unknown): string | undefined {
  if (adapter.buildHttpEntry === undefined || entry === null || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const probe = adapter.buildHttpEntry(PROBE_URL);
  const field = Object.keys(probe).find((key) => probe[key] === PROBE_URL);
  const value = field === undefined ? undefined : (entry as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}
