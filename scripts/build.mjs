// One esbuild pass for everything that runs under Node or Electron main:
// the MCP server, the CLI, the Electron main process, its preload and the web host.
// The renderer is built separately by Vite (see vite.config.ts).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApps } from './build-apps.mjs';

// ESM bundles still meet CommonJS dependencies that call require() for Node built-ins;
// esbuild needs a real `require` in scope for those.
const esmRequireShim =
  "import { createRequire as __cosciCreateRequire } from 'node:module';\n" +
  'const require = __cosciCreateRequire(import.meta.url);';

// Native and host-provided modules cannot be bundled: better-sqlite3 loads a .node addon next to
// its own files, and `electron` is provided by the Electron runtime.
const external = ['better-sqlite3', 'electron'];

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external,
  // Migrations are numbered .sql files; they travel inside the bundle as text.
  loader: { '.sql': 'text' },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
};

// The MCP server and the server CLI: one build with code splitting, so the code behind a dynamic
// import() (the knowledge parsers: BibTeX, YAML, Markdown, HTML) lands in chunks that Node reads
// and compiles when the first such file is ingested, not at every server start. Whitespace and
// syntax are minified (names are kept, so stack traces stay readable) because every start parses
// the whole entry chunk. The chunks sit next to server.js (code that finds files relative to its
// own module, like the doctor's server-build check, then works from any chunk), in dist/mcp,
// which electron-builder ships and unpacks as a whole.
const SERVER_OUT = 'dist/mcp';
// The WAL checkpoint worker is an entry of its own: a worker thread loads it by file name.
const serverEntries = { server: 'src-mcp/server.ts', cli: 'src-mcp/cli.ts', walCheckpointWorker: 'src-mcp/store/walCheckpointWorker.ts' };

const otherEntries = [
  { in: 'src-main/host/registration/cli.ts', out: 'dist/main/registration-cli.js', format: 'esm' },
  { in: 'src-main/web/entry.ts', out: 'dist/main/web.js', format: 'esm' },
  { in: 'src-main/electron/main.ts', out: 'dist/main/main.js', format: 'esm' },
  // Sandboxed preloads must be CommonJS: Electron does not load ESM preloads with sandbox on.
  { in: 'src-main/electron/preload.ts', out: 'dist/main/preload.cjs', format: 'cjs' },
];

const missing = [...Object.values(serverEntries), ...otherEntries.map((e) => e.in)].filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`build: missing entry points: ${missing.join(', ')}`);
  process.exit(1);
}

/**
 * zod's namespace export carries all ~40 of its message locales (a third of zod's size), and
 * esbuild cannot drop them because `z` is used as an object. Nothing here calls z.locales, and
 * zod installs English itself (classic/schemas.js imports locales/en.js directly), so the
 * locales index resolves to English alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), '..', 'locales', 'en-only.js'), namespace: 'zod-locales' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The tool catalog that tools/list shows (descriptions with their JSON Schemas, scopes), computed
 * from this very source tree by running the tool definitions once, so that no server start converts
 * zod schemas or loads the tool modules before its first tools/call (toolCatalog.ts).
 */
async function computeToolCatalog() {
  // Inside the checkout, so that the generator resolves better-sqlite3 from its node_modules.
  const tmp = mkdtempSync(path.join('node_modules', '.cache', 'cosci-build-'));
  try {
    const script = path.join(tmp, 'tool-catalog.mjs');
    await build({
      ...shared,
      format: 'esm',
      sourcemap: false,
      plugins: [zodEnglishOnly],
      banner: { js: esmRequireShim },
      outfile: script,
      stdin: {
        contents:
          "import { ALL_TOOLS } from './src-mcp/mcp/toolRegistry.ts';\n" +
          "import { catalogEntryOf } from './src-mcp/mcp/toolCatalog.ts';\n" +
          "import { nonPortableToolSchemas } from './src-mcp/mcp/schemas/schemaPortability.ts';\n" +
          'const catalog = ALL_TOOLS.map(catalogEntryOf);\n' +
          // A schema that draft-07 and 2020-12 read differently breaks some assistants: no build ships one.
          'const problems = nonPortableToolSchemas(catalog.map((entry) => entry.tool));\n' +
          'if (problems.length > 0) {\n' +
          "  process.stderr.write(`build: tool schemas outside the subset draft-07 and 2020-12 read the same (src-mcp/mcp/schemas/schemaPortability.ts):\\n  ${problems.join('\\n  ')}\\n`);\n" +
          '  process.exit(1);\n' +
          '}\n' +
          'process.stdout.write(JSON.stringify(catalog));\n',
        resolveDir: process.cwd(),
        loader: 'ts',
        sourcefile: 'tool-catalog-generator.ts',
      },
    });
    return execFileSync(process.execPath, [script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Replaces the placeholder module with the catalog computed above (parsed as JSON: faster than a JS literal). */
function precomputedToolCatalog(json) {
  return {
    name: 'precomputed-tool-catalog',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src-mcp[\\/]mcp[\\/]schemas[\\/]toolSchemas\.precomputed\.ts$/ }, () => ({
        contents: `export const PRECOMPUTED_TOOL_CATALOG = JSON.parse(${JSON.stringify(json)});\n`,
        loader: 'js',
      }));
    },
  };
}

mkdirSync(path.join('node_modules', '.cache'), { recursive: true });
const toolCatalogJson = await computeToolCatalog();

const [serverBuild] = await Promise.all([
  build({
    ...shared,
    entryPoints: serverEntries,
    outdir: SERVER_OUT,
    chunkNames: '[name]-[hash]',
    splitting: true,
    metafile: true,
    format: 'esm',
    minifyWhitespace: true,
    minifySyntax: true,
    banner: { js: esmRequireShim },
    // The SDK's environment shims, with the lighter validator (see src-mcp/mcp/sdkShims.ts).
    alias: { '@modelcontextprotocol/server/_shims': './src-mcp/mcp/sdkShims.ts' },
    plugins: [zodEnglishOnly, precomputedToolCatalog(toolCatalogJson)],
  }),
  ...otherEntries.map((entry) =>
    build({
      ...shared,
      entryPoints: [entry.in],
      outfile: entry.out,
      format: entry.format,
      banner: entry.format === 'esm' ? { js: esmRequireShim } : undefined,
      plugins: [zodEnglishOnly],
    }),
  ),
]);

// Chunks of earlier builds (their names carry content hashes) would be shipped by electron-builder:
// remove whatever this build did not write. Done afterwards, so a server already running from
// dist/mcp keeps finding its files for as long as possible.
const written = new Set(Object.keys(serverBuild.metafile.outputs).map((file) => path.resolve(file)));
for (const name of readdirSync(SERVER_OUT)) {
  const file = path.resolve(SERVER_OUT, name);
  if (/\.js(\.map)?$/.test(name) && !written.has(file)) rmSync(file, { force: true });
}

// dist/ holds ESM .js files next to a CommonJS preload; pin the module type so that
// a packaged app (which may not ship the root package.json) still loads them as ESM.
mkdirSync('dist', { recursive: true });
writeFileSync('dist/package.json', JSON.stringify({ type: 'module' }, null, 2) + '\n');
console.error(`build: ${Object.keys(serverEntries).length + otherEntries.length} entry bundles written to dist/`);

// The chat views the server serves (issue 34): with the server, so that a server build has them.
await buildApps();
