// One esbuild pass for everything that runs under Node or Electron main:
// the MCP server, the CLI, the Electron main process, its preload and the web host.
// The renderer is built separately by Vite (see vite.config.ts).
import { build } from 'esbuild';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

// ESM bundles still meet CommonJS dependencies that call require() for Node built-ins;
// esbuild needs a real `require` in scope for those.
const esmRequireShim =
  "import { createRequire as __cosciCreateRequire } from 'node:module';\n" +
  'const require = __cosciCreateRequire(import.meta.url);';

// Native and host-provided modules cannot be bundled: better-sqlite3 loads a .node
// addon next to its own files, and `electron` is provided by the Electron runtime.
const external = ['better-sqlite3', 'electron'];

const entries = [
  { in: 'src-mcp/server.ts', out: 'dist/mcp/server.js', format: 'esm' },
  { in: 'src-mcp/cli.ts', out: 'dist/mcp/cli.js', format: 'esm' },
  { in: 'src-main/host/registration/cli.ts', out: 'dist/main/registration-cli.js', format: 'esm' },
  { in: 'src-main/web/main.ts', out: 'dist/main/web.js', format: 'esm' },
  { in: 'src-main/electron/main.ts', out: 'dist/main/main.js', format: 'esm' },
  // Sandboxed preloads must be CommonJS: Electron does not load ESM preloads with sandbox on.
  { in: 'src-main/electron/preload.ts', out: 'dist/main/preload.cjs', format: 'cjs' },
];

const missing = entries.filter((e) => !existsSync(e.in)).map((e) => e.in);
if (missing.length > 0) {
  console.error(`build: missing entry points: ${missing.join(', ')}`);
  process.exit(1);
}

await Promise.all(
  entries.map((entry) =>
    build({
      entryPoints: [entry.in],
      outfile: entry.out,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: entry.format,
      external,
      // Migrations are numbered .sql files; they travel inside the bundle as text.
      loader: { '.sql': 'text' },
      sourcemap: 'linked',
      legalComments: 'none',
      banner: entry.format === 'esm' ? { js: esmRequireShim } : undefined,
      logLevel: 'warning',
    }),
  ),
);

// dist/ holds ESM .js files next to a CommonJS preload; pin the module type so that
// a packaged app (which may not ship the root package.json) still loads them as ESM.
mkdirSync('dist', { recursive: true });
writeFileSync('dist/package.json', JSON.stringify({ type: 'module' }, null, 2) + '\n');
console.error(`build: ${entries.length} bundles written to dist/`);
