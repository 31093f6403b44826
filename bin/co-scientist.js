#!/usr/bin/env node
// `co-scientist` dispatcher: registration commands run host code, everything else the server CLI.
// Both are prebuilt bundles in dist/ (run `npm run build` first in a source checkout).
// The Node version gate comes first: on another Node the bundles' native SQLite binding crashes.
import supportedNode from '../src-shared/node/supportedNode.cjs';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const command = process.argv[2];
supportedNode.requireSupportedNode(`co-scientist${command === undefined ? '' : ` ${command}`}`);
const registration = new Set(['register', 'unregister', 'status']);
const entry = path.join(root, registration.has(command ?? '') ? 'dist/main/registration-cli.js' : 'dist/mcp/cli.js');
if (!existsSync(entry)) {
  process.stderr.write(`co-scientist: ${entry} is missing; run \`npm run build\` first.\n`);
  process.exit(1);
}
const bundle = await import(pathToFileURL(entry).href);
if (registration.has(command ?? '')) {
  // The registration bundle is a library: it does nothing until its main() is called.
  if (typeof bundle.main !== 'function') {
    process.stderr.write(`co-scientist: ${entry} has no main(); rebuild with \`npm run build\`.\n`);
    process.exit(1);
  }
  await bundle.main(process.argv.slice(2));
}
