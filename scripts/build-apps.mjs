// The chat views (issue 34, MCP Apps): each view is built by Vite on its own and then made one
// self-contained HTML file — its script and stylesheet inlined, nothing fetched — because a host
// renders a view from the text of one ui:// resource in a sandbox with no network. The inline
// script is pinned by its hash in the file's own CSP. Written to dist/apps/<name>.html, which the
// server reads (src-mcp/mcp/apps/viewResources.ts). Run by scripts/build.mjs; alone: node scripts/build-apps.mjs.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';
// The one list of views and their titles; Node strips its types (the file imports nothing).
import { CHAT_VIEW_NAMES, CHAT_VIEW_TITLES } from '../src-shared/chatViews.ts';

const VIEWS_ROOT = 'src-renderer/chat-views';
/** The one page template of every view (Vite names its output after it). */
const VIEW_TEMPLATE = 'view.html';
const OUT_DIR = 'dist/apps';
/** Issue 34: a view a host loads into every conversation that shows it stays small. */
export const MAX_VIEW_BYTES = 512 * 1024;

/**
 * Every view's page comes from one template, filled in before Vite reads its scripts: the view's
 * title and its entry module (`<name>.tsx`).
 */
function viewPage(name) {
  return {
    name: 'cosci-chat-view-page',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%VIEW_TITLE%', () => CHAT_VIEW_TITLES[name]).replaceAll('%VIEW_NAME%', () => name),
    },
  };
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** `</script` inside the code would end the inline element early; `<\/script` means the same to JavaScript. */
const inlineSafe = (code) => code.replace(/<\/(script)/gi, '<\\/$1');

function inlineAssets(html, assetsDir) {
  let script = '';
  let style = '';
  const withoutAssets = html
    .replace(/<script type="module" crossorigin src="\.\/assets\/([^"]+)"><\/script>\s*/g, (_m, file) => {
      script += readFileSync(path.join(assetsDir, file), 'utf8');
      return '';
    })
    .replace(/<link rel="stylesheet" crossorigin href="\.\/assets\/([^"]+)">\s*/g, (_m, file) => {
      style += readFileSync(path.join(assetsDir, file), 'utf8');
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  if (script === '') throw new Error('build-apps: Vite wrote no script to inline');
  if (/(src|href)="\.\/assets\//.test(withoutAssets)) throw new Error('build-apps: an asset reference was left in the HTML');
  const code = inlineSafe(script);
  // Nothing from the network; only this script and this stylesheet (React sets styles through the CSSOM, which a policy does not block).
  const csp = `default-src 'none'; script-src ${sha256(code)}; style-src ${sha256(style)}; img-src data:; font-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'`;
  // Replacement functions, not strings: the code is full of `$'` and `$&`, which a replacement string would expand.
  return withoutAssets
    .replace('<!--csp-->', () => `<meta http-equiv="Content-Security-Policy" content="${csp}" />`)
    .replace('</head>', () => `<style>${style}</style>\n</head>`)
    .replace('</body>', () => `<script type="module">${code}</script>\n</body>`);
}

export async function buildApps() {
  const scratch = mkdtempSync(path.join('node_modules', '.cache', 'cosci-apps-'));
  mkdirSync(OUT_DIR, { recursive: true });
  const sizes = [];
  try {
    for (const name of CHAT_VIEW_NAMES) {
      const outDir = path.resolve(scratch, name);
      await build({
        configFile: false,
        mode: 'production',
        // React's production build (its development build is four times the size), whatever NODE_ENV the caller has.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        root: VIEWS_ROOT,
        base: './',
        logLevel: 'warn',
        plugins: [react(), viewPage(name)],
        build: {
          outDir,
          emptyOutDir: true,
          sourcemap: false,
          modulePreload: false,
          minify: true,
          // The limit that matters is the whole file's (MAX_VIEW_BYTES, checked below).
          chunkSizeWarningLimit: MAX_VIEW_BYTES / 1024,
          cssCodeSplit: false,
          assetsInlineLimit: Number.MAX_SAFE_INTEGER,
          rollupOptions: { input: path.resolve(VIEWS_ROOT, VIEW_TEMPLATE) },
        },
      });
      const html = inlineAssets(readFileSync(path.join(outDir, VIEW_TEMPLATE), 'utf8'), path.join(outDir, 'assets'));
      const file = path.join(OUT_DIR, `${name}.html`);
      writeFileSync(file, html);
      const bytes = statSync(file).size;
      if (bytes > MAX_VIEW_BYTES) throw new Error(`build-apps: ${file} is ${bytes} bytes, over the ${MAX_VIEW_BYTES} a view may be`);
      sizes.push(`${name} ${Math.round(bytes / 1024)} KB`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.error(`build: chat views written to ${OUT_DIR}/ (${sizes.join(', ')})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(path.join('node_modules', '.cache'), { recursive: true });
  await buildApps();
}
