import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is a plain browser app: it is served by the Electron window (file://) and by
// the web host (http://127.0.0.1). Relative asset URLs make both work from one build.
// index.html carries the strict production CSP. Vite's dev server injects inline scripts for hot
// reload, which that policy blocks, so only while serving (never in a build) the meta is dropped.
const relaxCspForDevServer: Plugin = {
  name: 'cosci-relax-csp-for-dev-server',
  apply: 'serve',
  transformIndexHtml(html) {
    return html.replace(
      /<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>/,
      '<!-- Content-Security-Policy removed by the Vite dev server (dev only; see vite.config.ts) -->',
    );
  },
};

export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [react(), relaxCspForDevServer],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
  },
});
