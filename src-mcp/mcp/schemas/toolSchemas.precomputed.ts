// Placeholder: scripts/build.mjs replaces this module, in the bundles it writes, with the catalog
// of every tool (its tools/list description, scopes and desktop-only flag) computed from the same
// sources during that build, so it can never be stale. Anything else that loads the sources
// (tests, a plain esbuild run) sees `undefined`, and toolCatalog.ts derives the catalog from the
// tool definitions when it is first listed.
import type { CatalogEntry } from './toolSchemas.js';

export const PRECOMPUTED_TOOL_CATALOG: readonly CatalogEntry[] | undefined = undefined;
