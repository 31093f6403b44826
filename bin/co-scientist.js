#!/usr/bin/env node
// `co-scientist` dispatcher: registration commands run host code, everything else the server CLI.
// Both are prebuilt bundles in dist/ (run `npm run build` first in a source checkout).
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const command = process.argv[2];
const registration = new Set(['register', 'unregister', 'status']);
const entry = registration.has(command ?? '') ? 'dist/main/registration-cli.js' : 'dist/mcp/cli.js';
await import(pathToFileURL(path.join(root, entry)).href);
