// Which part of the MCP surface a server built for one request needs. Over stateless HTTP the lab
// server builds an McpServer for every request and drops it after one message; building the
// prompts' argument schemas, the resource templates and the instructions for a tools/call was
// ~0.9 ms of the call's CPU (bench/team-server.ts, docs/benchmarks.md), work no tool call reads.
// Anything not named here (discovery, initialize, completion, subscriptions/listen, an unknown
// method, a batch mixing surfaces) gets the whole surface, so no answer can differ.

export type Surface = 'tools' | 'resources' | 'prompts';
export type RequestSurface = Surface | 'whole';

const SURFACE_OF_METHOD: Readonly<Record<string, Surface>> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'resources/subscribe': 'resources',
  'resources/unsubscribe': 'resources',
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
};

/** The surface that answers every message of a parsed request body (one message, or a batch). */
export function requestSurfaceOf(messages: readonly unknown[] | undefined): RequestSurface {
  if (messages === undefined || messages.length === 0) return 'whole';
  let surface: Surface | undefined;
  for (const message of messages) {
    const method = message !== null && typeof message === 'object' ? (message as { method?: unknown }).method : undefined;
    const own = typeof method === 'string' && Object.hasOwn(SURFACE_OF_METHOD, method) ? SURFACE_OF_METHOD[method] : undefined;
    if (own === undefined || (surface !== undefined && own !== surface)) return 'whole';
    surface = own;
  }
  return surface ?? 'whole';
}

/** Whether a server built for `surface` installs `part`. */
export function installs(surface: RequestSurface, part: Surface): boolean {
  return surface === 'whole' || surface === part;
}
