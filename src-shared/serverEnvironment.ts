// Environment variables the research server reads, which the app's host passes on to the server
// it spawns (the MCP SDK's stdio transport gives a child only a minimal environment).

/**
 * The undo window of a delete in the app, in whole seconds (1–3600; default 8). For a slow
 * machine, or a test that restarts the app inside the window.
 */
export const UNDO_WINDOW_ENV = 'COSCI_UNDO_WINDOW_SECONDS';

/** The server's variables that are set in `env`, to be passed on to a spawned server. */
export function forwardedServerEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const value = env[UNDO_WINDOW_ENV];
  return value === undefined ? {} : { [UNDO_WINDOW_ENV]: value };
}
