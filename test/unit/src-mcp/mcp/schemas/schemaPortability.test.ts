// Every tool schema stays in the subset JSON Schema draft-07 and 2020-12 read the same (issue 12):
// checked here from the sources, before any build, with the same rule the build enforces.
import { describe, expect, it } from 'vitest';
import Ajv07 from 'ajv';
import { z } from 'zod';
import { ALL_TOOLS } from '../../../../../src-mcp/mcp/toolRegistry.js';
import { catalogEntryOf } from '../../../../../src-mcp/mcp/toolCatalog.js';
import { nonPortableParts, nonPortableToolSchemas } from '../../../../../src-mcp/mcp/schemas/schemaPortability.js';
import { SchemaDialects } from '../../../../support/schemaDialects.js';

const catalog = ALL_TOOLS.map(catalogEntryOf).map((entry) => entry.tool);

describe('tool schemas in the draft-07 ∩ 2020-12 subset', () => {
  it('no tool, desktop-only ones included, uses a keyword the two dialects read differently', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(40);
    expect(nonPortableToolSchemas(catalog)).toEqual([]);
  });

  it('every input and output schema compiles strictly as draft-07 and as 2020-12', () => {
    const dialects = new SchemaDialects();
    for (const tool of catalog) {
      expect(() => dialects.compile(tool.inputSchema, `${tool.name} inputSchema`)).not.toThrow();
      expect(tool.outputSchema, `${tool.name} has no outputSchema`).toBeDefined();
      expect(() => dialects.compile(tool.outputSchema ?? {}, `${tool.name} outputSchema`)).not.toThrow();
    }
  });

  it('would have caught the tuples: what zod makes of z.tuple, and draft-07 refusing every element of it', () => {
    const tuple = z.toJSONSchema(z.object({ ci95: z.tuple([z.number(), z.number()]) }));
    expect(nonPortableParts(tuple)).toEqual([
      '#/properties/ci95/prefixItems: prefixItems (2020-12 tuples: use an object with named fields)',
      '#/properties/ci95/items: items must be a single schema, not false',
    ]);
    expect(() => new SchemaDialects().compile(tuple, 'a tuple')).toThrow(/draft-07.*prefixItems/);
    // The v1 SDK client's validator (draft-07, strict off) ignores prefixItems and reads items:false.
    const lenient = new Ajv07({ strict: false, validateSchema: false });
    const { $schema: _ignored, ...asDraft07 } = tuple;
    expect(lenient.validate(asDraft07, { ci95: [1, 2] })).toBe(false);
    expect(lenient.errorsText()).toContain('boolean schema is false');
  });

  it('flags the other constructs one dialect lacks, and nothing in a portable schema', () => {
    const flagged = nonPortableParts({
      type: 'object',
      properties: {
        // A property may be called like a keyword: names are not keywords.
        prefixItems: { type: 'array', items: [{ type: 'string' }] },
        pair: { type: 'array', additionalItems: false },
        ref: { $ref: '#/$defs/x', description: 'ignored by draft-07' },
        either: { anyOf: [{ type: 'object', unevaluatedProperties: false }] },
      },
      dependentRequired: { a: ['b'] },
      $defs: { x: { $dynamicRef: '#meta' } },
    });
    expect(flagged).toEqual([
      '#/properties/prefixItems/items: items must be a single schema, not [{"type":"string"}]',
      '#/properties/pair/additionalItems: additionalItems (draft-07 tuples: use an object with named fields)',
      '#/properties/ref/$ref: $ref with sibling keywords (draft-07 ignores them)',
      '#/properties/either/anyOf/0/unevaluatedProperties: unevaluatedProperties (2020-12 only)',
      '#/dependentRequired: dependentRequired (2020-12 only)',
      '#/$defs/x/$dynamicRef: $dynamicRef (2020-12 only)',
    ]);
    const portable = { type: 'object', properties: { ci95: { type: 'object', properties: { low: { type: 'number' }, high: { type: 'number' } }, required: ['low', 'high'] }, ids: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 }, node: { $ref: '#/$defs/n' } }, $defs: { n: { type: 'string' } }, default: { items: false } };
    expect(nonPortableParts(portable)).toEqual([]);
  });
});
