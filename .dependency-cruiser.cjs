// Enforces the one-way dependency direction of architecture.md, *Layers and folders*:
//   store ← engine ← {reasoners, knowledge, health} ← mcp ← runtime ← {server, cli}
//   host ← {electron, web}; no process imports another's folder; the renderer imports only
//   src-shared *types*; src-shared (the common layer) imports nothing but zod, and its node/
//   part (Node helpers of host and server, never the renderer's) Node builtins besides.

/**
 * The server's layers, bottom first: the one owner of their order (the first lines above say it in words). A layer
 * imports only the layers before it; each gets one rule naming every folder after it.
 */
const SERVER_LAYERS = [
  { rule: 'store-is-the-bottom', comment: 'The store knows nothing of the layers above it.', paths: ['store/'] },
  { rule: 'engine-below-reasoners-knowledge-mcp', paths: ['engine/'] },
  { rule: 'reasoners-knowledge-below-mcp', paths: ['reasoners/', 'knowledge/', 'health/'] },
  { rule: 'mcp-below-entry-points', paths: ['mcp/'] },
  {
    rule: 'runtime-below-entry-points',
    comment: 'runtime/ wires the process (database, transport, background work, the MCP server); only the entry points start it.',
    paths: ['runtime/'],
  },
  { paths: ['server\\.ts$', 'cli\\.ts$'] },
];

function serverLayerRules() {
  return SERVER_LAYERS.slice(0, -1).map((layer, index) => ({
    name: layer.rule,
    ...(layer.comment === undefined ? {} : { comment: layer.comment }),
    severity: 'error',
    from: { path: `^src-mcp/(${layer.paths.join('|')})` },
    to: { path: `^src-mcp/(${SERVER_LAYERS.slice(index + 1).flatMap((above) => above.paths).join('|')})` },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-dependency-free',
      comment: 'src-shared (outside node/) holds the contracts and value lists every process reads, the renderer included; it may import only itself and zod.',
      severity: 'error',
      from: { path: '^src-shared/', pathNot: '^src-shared/node/' },
      to: { pathNot: '^src-shared/(?!node/)|node_modules/zod/' },
    },
    {
      name: 'shared-node-helpers-use-only-node',
      comment:
        "src-shared/node holds the Node helpers the server and the hosts share (the renderer never imports it): " +
        "Node's own modules, and package.json, which owns the supported Node version supportedNode.cjs checks.",
      severity: 'error',
      from: { path: '^src-shared/node/' },
      to: { pathNot: '^src-shared/|node_modules/zod/|^package\\.json$', dependencyTypesNot: ['core'] },
    },
    ...serverLayerRules(),
    {
      name: 'mcp-audit-over-store-only',
      comment: 'mcp/audit/ records and exports what clients did; it leans on the store alone, so every part of the MCP surface can use it (architecture.md, *Layers and folders*).',
      severity: 'error',
      from: { path: '^src-mcp/mcp/audit/' },
      to: { path: '^src-mcp/mcp/(?!audit/)' },
    },
    {
      name: 'mcp-access-and-schemas-below-the-surface',
      comment: 'Access control and schema publishing sit under tools, resources and notifications: they know nothing of what they guard or describe.',
      severity: 'error',
      from: { path: '^src-mcp/mcp/(access|schemas)/' },
      to: { path: '^src-mcp/mcp/((tools|resources|notifications)/|(toolkit|toolRegistry|toolCatalog|prompts)\\.ts$)' },
    },
    {
      name: 'mcp-tools-below-the-registry',
      comment: 'toolRegistry.ts lists the tools and toolCatalog.ts describes them; a tool importing either would be a cycle in waiting.',
      severity: 'error',
      from: { path: '^src-mcp/mcp/tools/' },
      to: { path: '^src-mcp/mcp/(toolRegistry|toolCatalog)\\.ts$' },
    },
    {
      name: 'sqlite-driver-only-in-store',
      comment: 'Only src-mcp/store speaks to SQLite: no better-sqlite3 import, not even of a type, above it (architecture.md, *A second store*).',
      severity: 'error',
      from: { path: '^src-', pathNot: '^src-mcp/store/' },
      to: { path: 'node_modules/better-sqlite3/|^better-sqlite3$' },
    },
    {
      name: 'db-handle-opaque-above-store',
      comment: 'Above the store the database handle (Db) is opaque: only store modules may unwrap it to the driver (store/handle.ts), so the engine cannot run a statement, pragma or transaction on it, by type (architecture.md, *A second store*).',
      severity: 'error',
      from: { path: '^src-', pathNot: '^src-mcp/store/' },
      to: { path: '^src-mcp/store/handle\\.ts$' },
    },
    {
      name: 'server-is-pure-node',
      comment: 'The MCP server runs under plain Node for every assistant: no Electron, no host code.',
      severity: 'error',
      from: { path: '^src-mcp/' },
      to: { path: '^(src-main|src-renderer)/|^electron$|node_modules/electron/' },
    },
    {
      name: 'host-is-electron-free',
      comment: 'Host logic is shared by the Electron main process and the web host.',
      severity: 'error',
      from: { path: '^src-main/host/' },
      to: { path: '^src-main/(electron|web)/|^electron$|node_modules/electron/' },
    },
    {
      name: 'hosts-import-no-server-code',
      comment: 'The hosts meet the server through src-shared (contracts, Node helpers) and MCP: they start it as a process, never import it.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { path: '^src-mcp/' },
    },
    {
      name: 'web-host-is-electron-free',
      severity: 'error',
      from: { path: '^src-main/web/' },
      to: { path: '^src-main/electron/|^electron$|node_modules/electron/' },
    },
    {
      name: 'renderer-imports-no-other-process',
      comment: 'The renderer talks to window.cosci; it imports nothing of the host or the server, only src-shared.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^(src-main|src-mcp)/' },
    },
    {
      name: 'renderer-sees-only-shared-types',
      comment: 'Of src-shared the renderer imports types only, so zod stays out of its bundle; src-shared/node is Node code it never imports.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^src-shared/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-never-imports-shared-node',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^src-shared/node/' },
    },
    {
      name: 'renderer-features-are-independent',
      comment: 'A feature (src-renderer/features/<name>) imports no other feature: what two features share lives in src-renderer/common (or app/, api/); src-renderer/App.tsx composes the features.',
      severity: 'error',
      from: { path: '^src-renderer/features/([^/]+)/' },
      to: { path: '^src-renderer/features/', pathNot: '^src-renderer/features/$1/' },
    },
    {
      name: 'renderer-common-parts-import-no-feature',
      comment: 'app/, api/ and common/ are what the features build on; only the root (App.tsx, main.tsx) imports features.',
      severity: 'error',
      from: { path: '^src-renderer/(app|api|common)/' },
      to: { path: '^src-renderer/features/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
