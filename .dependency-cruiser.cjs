// Enforces the one-way dependency direction of architecture.md, *Layers and folders*:
//   store ← engine ← {reasoners, knowledge} ← mcp ← runtime ← {server, cli}
//   host ← {electron, web}; the renderer imports only contract *types*;
//   src-shared (the contracts server, host and renderer share) imports nothing but zod.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-dependency-free',
      comment: 'src-shared holds the contracts every runtime reads; it may import only itself and zod.',
      severity: 'error',
      from: { path: '^src-shared/(?!node/)' },
      to: { pathNot: '^src-shared/|node_modules/zod/' },
    },
    {
      name: 'shared-node-helpers-use-only-node',
      comment:
        "src-shared/node holds the Node helpers the server and the hosts share (the renderer never imports it): " +
        "Node's own modules, and package.json, which owns the supported Node version supportedNode.cjs checks.",
      severity: 'error',
      from: { path: '^src-shared/node/' },
      to: { pathNot: '^src-shared/|^package\\.json$', dependencyTypesNot: ['core'] },
    },
    {
      name: 'store-is-the-bottom',
      comment: 'The store knows nothing of the layers above it.',
      severity: 'error',
      from: { path: '^src-mcp/store/' },
      to: { path: '^src-mcp/(engine|reasoners|knowledge|mcp|runtime|server|cli)' },
    },
    {
      name: 'engine-below-reasoners-knowledge-mcp',
      severity: 'error',
      from: { path: '^src-mcp/engine/' },
      to: { path: '^src-mcp/(reasoners|knowledge|mcp|runtime|server|cli)' },
    },
    {
      name: 'reasoners-knowledge-below-mcp',
      severity: 'error',
      from: { path: '^src-mcp/(reasoners|knowledge)/' },
      to: { path: '^src-mcp/(mcp|runtime|server|cli)' },
    },
    {
      name: 'mcp-below-entry-points',
      severity: 'error',
      from: { path: '^src-mcp/mcp/' },
      to: { path: '^src-mcp/(runtime/|(server|cli)\\.ts$)' },
    },
    {
      name: 'runtime-below-entry-points',
      comment: 'runtime/ wires the process (database, transport, background work, the MCP server); only the entry points start it.',
      severity: 'error',
      from: { path: '^src-mcp/runtime/' },
      to: { path: '^src-mcp/(server|cli)\\.ts$' },
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
      name: 'host-shares-contracts-not-server-code',
      comment: 'The hosts meet the server through src-shared (contracts) and MCP; of src-mcp they may use only the store\'s data-folder and desktop-key helpers and the stdio line framer.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { path: '^src-mcp/', pathNot: '^src-mcp/(store/(dataDir|desktopKeys)|runtime/lineFramer)\\.ts$' },
    },
    {
      name: 'web-host-is-electron-free',
      severity: 'error',
      from: { path: '^src-main/web/' },
      to: { path: '^src-main/electron/|^electron$|node_modules/electron/' },
    },
    {
      name: 'renderer-sees-only-contract-types',
      comment: 'The renderer talks to window.cosci; it may import the contract for its types only.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^(src-main|src-mcp|src-shared)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-contract-types-only-from-contract',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^(src-mcp/|src-main/(?!host/contract\\.ts$))' },
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
