// The JSON Schemas we publish (tools/list, a work item's output_schema, a checkpoint's edit_schema)
// stay in the subset that JSON Schema draft-07 and 2020-12 read the same way. Assistants disagree:
// the v1 MCP SDK client that many of them embed validates results with Ajv in draft-07 mode, and
// Claude's clients refuse schemas that declare anything but 2020-12. A 2020-12 tuple
// (prefixItems + items: false) reads as "no elements allowed" in draft-07, so that client rejected
// every non-empty result of eight tools (issue 12). The build refuses a catalog that leaves the
// subset (scripts/build.mjs), and the tests check it from the sources.

/** Keywords that only one of the two dialects defines, or that they define differently. */
const ONE_DIALECT_ONLY: Readonly<Record<string, string>> = {
  prefixItems: '2020-12 tuples: use an object with named fields',
  additionalItems: 'draft-07 tuples: use an object with named fields',
  dependentRequired: '2020-12 only',
  dependentSchemas: '2020-12 only',
  dependencies: 'draft-07 only',
  unevaluatedItems: '2020-12 only',
  unevaluatedProperties: '2020-12 only',
  minContains: '2020-12 only',
  maxContains: '2020-12 only',
  $anchor: '2020-12 only',
  $dynamicRef: '2020-12 only',
  $dynamicAnchor: '2020-12 only',
  $recursiveRef: '2019-09 only',
  $recursiveAnchor: '2019-09 only',
};

/** Maps of subschemas by name: their keys are names, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/**
 * Where `schema` leaves the portable subset, as "path: keyword (why)" lines; empty when it does not.
 * Besides the keywords above: `items` must be one schema (an array is a draft-07 tuple, `false`
 * only makes sense after prefixItems), and `$ref` must stand alone (draft-07 ignores its siblings).
 */
export function nonPortableParts(schema: unknown, at = '#'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => nonPortableParts(item, `${at}/${index}`));
  if (schema === null || typeof schema !== 'object') return [];
  const found: string[] = [];
  const entries = Object.entries(schema as Record<string, unknown>);
  for (const [key, value] of entries) {
    const path = `${at}/${key}`;
    const why = ONE_DIALECT_ONLY[key];
    if (why !== undefined) found.push(`${path}: ${key} (${why})`);
    if (key === 'items' && (Array.isArray(value) || typeof value === 'boolean')) found.push(`${path}: items must be a single schema, not ${JSON.stringify(value)}`);
    if (key === '$ref' && entries.length > 1) found.push(`${path}: $ref with sibling keywords (draft-07 ignores them)`);
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value as Record<string, unknown>)) found.push(...nonPortableParts(sub, `${path}/${name}`));
    } else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') {
      found.push(...nonPortableParts(value, path));
    }
  }
  return found;
}

/** One line per problem across a tool catalog, naming tool and schema; empty when all are portable. */
export function nonPortableToolSchemas(tools: ReadonlyArray<{ name: string; inputSchema: unknown; outputSchema?: unknown }>): string[] {
  return tools.flatMap((tool) => [
    ...nonPortableParts(tool.inputSchema).map((problem) => `${tool.name} inputSchema ${problem}`),
    ...nonPortableParts(tool.outputSchema).map((problem) => `${tool.name} outputSchema ${problem}`),
  ]);
}
