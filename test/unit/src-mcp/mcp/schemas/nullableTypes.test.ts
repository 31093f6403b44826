// A nullable field written as a type list (src-mcp/mcp/schemas/nullableTypes.ts) accepts and refuses
// exactly what zod's anyOf did, in draft-07 and 2020-12 alike, for the leaderboard page whose rows
// made the difference (issue 17) and for every tool's published result schemas; argument schemas
// keep the anyOf.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withNullableTypes } from '../../../../../src-mcp/mcp/schemas/nullableTypes.js';
import { ALL_TOOLS } from '../../../../../src-mcp/mcp/toolRegistry.js';
import { catalogEntryOf } from '../../../../../src-mcp/mcp/toolCatalog.js';
import { LeaderboardPageSchema } from '../../../../../src-shared/schemas/tournament.js';
import { SchemaDialects } from '../../../../support/schemaDialects.js';

type Json = Record<string, unknown>;
const asZod = (schema: z.ZodType): Json => z.toJSONSchema(schema, { io: 'output' }) as Json;
const rowOf = (page: Json): Json => ((page.properties as Json).rows as Json).items as Json;
const fieldOf = (page: Json, field: string): Json => (rowOf(page).properties as Json)[field] as Json;

const row = {
  id: 'hyp_1', number: 1, summary: 'H1', status: 'in_tournament', origin: 'generated', method: 'literature_based', iteration: 1, parents: [],
  in_tournament: true, rank: 1, previous_rank: null, movement: null, elo_score: 1400, bt_score: 1200, ci95: { low: 1150, high: 1250 },
  p_top_k: 0.9, matches_played: 17, wins: 15, certified_top_k: true,
};
const page = { research_id: 'res_1', k: 5, certified: false, certify_threshold: 0.95, matches: 10, total: 1, movement_window: { matches: 3, judge: null }, rows: [row], next_cursor: null };

describe('withNullableTypes', () => {
  it('writes the leaderboard row\'s nullable integers, interval and judge as type lists, with their own keywords', () => {
    const before = asZod(LeaderboardPageSchema);
    const after = withNullableTypes(before);
    expect(fieldOf(before, 'rank').anyOf).toBeDefined();
    expect(fieldOf(after, 'rank')).toEqual({ type: ['integer', 'null'], minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
    expect(fieldOf(after, 'previous_rank')).toMatchObject({ type: ['integer', 'null'], description: expect.stringContaining('newcomer') });
    expect(fieldOf(after, 'ci95')).toMatchObject({ type: ['object', 'null'], required: ['low', 'high'], additionalProperties: false });
    expect(fieldOf(after, 'bt_score')).toEqual(fieldOf(before, 'bt_score'));
    const judge = (((after.properties as Json).movement_window as Json).properties as Json).judge as Json;
    expect(judge).toMatchObject({ type: ['string', 'null'], enum: expect.arrayContaining([null, 'human']) });
    expect(JSON.stringify(after)).not.toContain('anyOf');
    expect(JSON.stringify(after).length).toBeLessThan(JSON.stringify(before).length);
    // The input is left as it was.
    expect(fieldOf(before, 'rank').anyOf).toHaveLength(2);
  });

  it('leaves an anyOf alone where merging would not say the same', () => {
    const untouched = [
      { anyOf: [{ type: 'string' }, { type: 'number' }] },
      { anyOf: [{ type: 'string', description: 'a' }, { type: 'null' }], description: 'b' },
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
      { anyOf: [{ const: 'x', type: 'string' }, { type: 'null' }] },
      { anyOf: [{ type: 'string' }, { type: 'null', description: 'none' }] },
      { anyOf: [{ type: 'string' }, { type: 'null' }, { type: 'number' }] },
    ];
    for (const schema of untouched) expect(withNullableTypes(schema)).toEqual(schema);
    // A property named like a keyword is a name, not a keyword.
    const named = { type: 'object', properties: { anyOf: { type: 'string' }, enum: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] } } };
    expect(withNullableTypes(named)).toEqual({ type: 'object', properties: { anyOf: { type: 'string' }, enum: { type: ['integer', 'null'], minimum: 0 } } });
  });

  it('accepts and refuses the same leaderboard pages as the anyOf did, in both dialects', () => {
    const dialects = new SchemaDialects();
    const before = dialects.compile(asZod(LeaderboardPageSchema), 'anyOf');
    const after = dialects.compile(withNullableTypes(asZod(LeaderboardPageSchema)), 'type lists');
    expect(before.problems(page)).toEqual([]);
    const value = fc.constantFrom<unknown>(null, 0, 3, -2, 1.5, 2 ** 60, 'x', 'human', 'model', true, [], {}, { low: 1, high: 2 }, { low: 1 }, { low: 1, high: 2, mid: 1.5 }, { low: 'a', high: 2 });
    const field = fc.constantFrom(...Object.keys(row));
    fc.assert(
      fc.property(fc.array(fc.tuple(field, value), { minLength: 1, maxLength: 3 }), value, (changes, judge) => {
        const mutated = { ...page, movement_window: { matches: 3, judge }, rows: [{ ...row, ...Object.fromEntries(changes) }] };
        expect(after.problems(mutated).length === 0).toBe(before.problems(mutated).length === 0);
      }),
      { numRuns: 400 },
    );
  });

  it('accepts and refuses the same nulls and values as the anyOf for every nullable field of every tool', () => {
    const dialects = new SchemaDialects();
    const samples: unknown[] = [null, 0, 7, -1.5, 'x', '', true, [], ['a'], {}, { low: 1, high: 2 }];
    let fields = 0;
    const visit = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      if (Array.isArray(schema)) return schema.forEach((item, i) => visit(item, `${at}/${i}`));
      const node = schema as Json;
      if (Array.isArray(node.anyOf) && node.anyOf.some((branch) => (branch as Json).type === 'null')) {
        const rewritten = withNullableTypes(node);
        const before = dialects.compile(node, `${at} anyOf`);
        const after = dialects.compile(rewritten, `${at} type list`);
        for (const sample of samples) expect(after.problems(sample).length === 0, `${at} with ${JSON.stringify(sample)}`).toBe(before.problems(sample).length === 0);
        fields += 1;
      }
      for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'const' && key !== 'default') visit(value, `${at}/${key}`);
    };
    for (const tool of ALL_TOOLS) {
      visit(asZod(tool.output), `${tool.name} output`);
      visit(z.toJSONSchema(tool.input.strict(), { io: 'input' }), `${tool.name} input`);
    }
    expect(fields).toBeGreaterThan(20);
    // What tools/list publishes as results has none left but those that would not say the same.
    expect(JSON.stringify(ALL_TOOLS.map((tool) => catalogEntryOf(tool).tool.outputSchema))).not.toMatch(/"anyOf":\[\{[^{}]*\},\{"type":"null"\}\]/);
  });

  it('leaves every argument schema without type lists, which Gemini\'s function declarations refuse', () => {
    const typeLists: string[] = [];
    const visit = (schema: unknown, at: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      if (Array.isArray(schema)) return schema.forEach((item, i) => visit(item, `${at}/${i}`));
      for (const [key, value] of Object.entries(schema as Json)) {
        if (key === 'type' && Array.isArray(value)) typeLists.push(at);
        else if (key !== 'enum' && key !== 'const' && key !== 'default') visit(value, `${at}/${key}`);
      }
    };
    for (const tool of ALL_TOOLS) visit(catalogEntryOf(tool).tool.inputSchema, `${tool.name} input`);
    expect(typeLists).toEqual([]);
    // Nullable arguments exist (configure_providers' limits), so the check has something to find.
    expect(JSON.stringify(ALL_TOOLS.map((tool) => catalogEntryOf(tool).tool.inputSchema))).toMatch(/"anyOf":\[\{[^{}]*\},\{"type":"null"\}\]/);
  });
});
