import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is a plain browser app: it is served by the Electron window (file://) and by
// the web host (http://127.0.0.1). Relative asset URLs make both work from one build.
export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
  },
});
