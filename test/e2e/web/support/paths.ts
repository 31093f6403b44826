// Where the built artefacts under test live. The suite tests dist/, exactly what users run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const WEB_HOST_ENTRY = path.join(REPO_ROOT, 'dist', 'main', 'web.js');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'dist', 'mcp', 'server.js');
export const RENDERER_INDEX = path.join(REPO_ROOT, 'dist', 'renderer', 'index.html');

export function assertBuilt(): void {
  const missing = [WEB_HOST_ENTRY, SERVER_ENTRY, RENDERER_INDEX].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) throw new Error(`Missing ${missing.join(', ')}: run "npm run build" before the E2E tests.`);
}
