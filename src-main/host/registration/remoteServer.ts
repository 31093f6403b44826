// A lab server (`co-scientist serve --http`, issue 31) as the server an assistant is registered
// with: `co-scientist register <client> --server <URL>` writes the assistant's HTTP entry for that
// URL and leaves the OAuth sign-in to the assistant, which discovers the lab's authorization server
// from the URL itself (RFC 9728).
import type { ClientAdapter, JsonObject } from './clientAdapter.js';
import { RegistrationError } from './errors.js';
import type { LaunchCommand } from './launcher.js';

export interface RemoteServer {
  /** The lab server's public MCP URL (its --resource). */
  url: string;
}

/** What registration points an assistant at: our server as a local command, or a lab server's URL. */
export type ServerTarget = LaunchCommand | RemoteServer;

export function isRemote(server: ServerTarget): server is RemoteServer {
  return 'url' in server;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/i;

/** `--server`: an absolute http(s) URL; plain http only to this computer (tokens travel with every request). */
export function parseServerUrl(raw: string): RemoteServer {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid --server "${raw}": give the lab server's URL, e.g. https://cosci.lab.example/mcp.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Invalid --server "${raw}": use an https:// URL.`);
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) throw new Error(`Invalid --server "${raw}": a lab server on another computer must be reached over https://.`);
  if (url.hash !== '' || url.username !== '' || url.password !== '') throw new Error(`Invalid --server "${raw}": no fragment or credentials in the URL (the assistant signs in by itself).`);
  return { url: url.href };
}

/** The adapter's entry for a lab server, or why this assistant cannot be pointed at one from its config file. */
export function httpEntryFor(adapter: ClientAdapter, server: RemoteServer): JsonObject {
  if (adapter.buildHttpEntry === undefined) {
    throw new RegistrationError(
      'REMOTE_NOT_SUPPORTED',
      `${adapter.displayName} cannot be pointed at a lab server by Co-Scientist. Add ${server.url} in ${adapter.displayName}'s own settings as a remote (HTTP) MCP server, or use Claude Code, Cursor, VS Code, Windsurf, Gemini CLI or Codex.`,
    );
  }
  return adapter.buildHttpEntry(server.url);
}
