// The output check of every tool result (src-mcp/mcp/schemas/outputCheck.ts): a result passes unparsed
// only when zod's parse would return it unchanged; anything else gets zod's own answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck, conformingOutput } from '../../../../../src-mcp/mcp/schemas/outputCheck.js';
import { ALL_TOOLS } from '../../../../../src-mcp/mcp/toolRegistry.js';
import { LeaderboardPageSchema } from '../../../../../src-shared/schemas/tournament.js';

type Compilable = Parameters<typeof compileCheck>[0];
const checkOf = (schema: z.ZodType): ((value: unknown) => boolean) => {
  const check = compileCheck(schema as unknown as Compilable);
  if (check === undefined) throw new Error('expected a compiled check');
  return check;
};

const Row = z.object({
  id: z.string().min(1),
  count: z.number().int().min(0).max(10),
  score: z.number().nullable(),
  status: z.enum(['a', 'b']),
  kind: z.literal('row'),
  tags: z.array(z.string()).max(2),
  note: z.string().optional(),
  extra: z.record(z.string(), z.number()),
  ok: z.boolean(),
  any: z.unknown(),
});
const good = { id: 'x', count: 3, score: null, status: 'a', kind: 'row', tags: ['t'], extra: { n: 1 }, ok: true, any: { anything: [1] } };

describe('compileCheck', () => {
  it('passes a conforming value, which zod returns unchanged', () => {
    expect(checkOf(Row)(good)).toBe(true);
    expect(Row.parse(good)).toEqual(good);
  });

  it.each([
    ['an empty string under min(1)', { id: '' }],
    ['a fraction for an int', { count: 1.5 }],
    ['a number below min', { count: -1 }],
    ['a number above max', { count: 11 }],
    ['NaN', { score: Number.NaN }],
    ['Infinity', { score: Number.POSITIVE_INFINITY }],
    ['null where not nullable', { id: null }],
    ['a missing required key', { ok: undefined }],
    ['a value outside the enum', { status: 'c' }],
    ['another literal', { kind: 'col' }],
    ['too many items', { tags: ['a', 'b', 'c'] }],
    ['a wrong item', { tags: [1] }],
    ['a wrong record value', { extra: { n: 'one' } }],
    ['a string for a boolean', { ok: 'true' }],
    ['an extra key (zod would strip it)', { surplus: 1 }],
  ])('refuses %s', (_what, change) => {
    expect(checkOf(Row)({ ...good, ...change })).toBe(false);
  });

  it('refuses an object without a key whose schema is z.unknown(), as zod does, and passes the key present with undefined', () => {
    const { any: _any, ...withoutAny } = good;
    expect(Row.safeParse(withoutAny).success).toBe(false);
    expect(checkOf(Row)(withoutAny)).toBe(false);
    expect(Row.safeParse({ ...good, any: undefined }).success).toBe(true);
    expect(checkOf(Row)({ ...good, any: undefined })).toBe(true);
  });

  it('knows z.int() as an integer', () => {
    const check = checkOf(z.int());
    expect([check(3), check(1.5), check(Number.MAX_SAFE_INTEGER + 2)]).toEqual([true, false, false]);
  });

  it('refuses what is not an object, and arrays for objects', () => {
    const check = checkOf(Row);
    for (const value of [null, undefined, 'row', 3, [good]]) expect(check(value)).toBe(false);
  });

  it.each([
    ['a default', z.object({ a: z.string().default('x') })],
    ['a transform', z.object({ a: z.string().transform((s) => s.length) })],
    ['a coercion', z.object({ a: z.coerce.number() })],
    ['a union', z.object({ a: z.union([z.string(), z.number()]) })],
    ['a strict object', z.object({ a: z.string() }).strict()],
    ['a passthrough object', z.object({ a: z.string() }).passthrough()],
    ['a regex', z.object({ a: z.string().regex(/x/) })],
    ['a string format', z.object({ a: z.email() })],
    ['a uuid', z.object({ a: z.uuid() })],
    ['a trim', z.object({ a: z.string().trim() })],
    ['a multipleOf', z.object({ a: z.number().multipleOf(2) })],
  ])('leaves a schema with %s to zod', (_what, schema) => {
    expect(compileCheck(schema as unknown as Compilable)).toBeUndefined();
  });

  it('agrees with zod on values without extra keys: it passes exactly what zod accepts, and zod returns those unchanged', () => {
    const check = checkOf(Row);
    const arbitraryRow = fc.record({
      id: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)),
      count: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double(), fc.constant('3')),
      score: fc.oneof(fc.constant(null), fc.double(), fc.constant(undefined)),
      status: fc.constantFrom('a', 'b', 'c', undefined),
      kind: fc.constantFrom('row', 'col'),
      tags: fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), { maxLength: 3 }),
      extra: fc.dictionary(fc.constantFrom('n', 'm'), fc.oneof(fc.double(), fc.string({ maxLength: 1 })), { maxKeys: 2 }),
      ok: fc.oneof(fc.boolean(), fc.constant(0)),
      any: fc.anything(),
    }, { requiredKeys: ['id', 'count', 'kind', 'tags', 'extra', 'ok'] });
    fc.assert(
      fc.property(arbitraryRow, (row) => {
        const parsed = Row.safeParse(row);
        if (check(row)) expect(parsed.success && parsed.data).toEqual(row);
        else expect(parsed.success).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('compileCheck of a page\'s columns and required-only rows (the loops of issue 17)', () => {
  const leaves = { string: z.string(), boolean: z.boolean(), number: z.number(), int: z.number().int() };
  const anyValue = fc.oneof(fc.string({ maxLength: 2 }), fc.boolean(), fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.constant(Number.MAX_SAFE_INTEGER + 2));

  it.each(Object.entries(leaves).flatMap(([name, leaf]): Array<[string, z.ZodType]> => [[name, leaf], [`nullable ${name}`, leaf.nullable()]]))(
    'an array of %s passes exactly what zod accepts',
    (_what, leaf) => {
      const schema = z.array(leaf);
      const check = checkOf(schema);
      fc.assert(
        fc.property(fc.array(fc.oneof(anyValue, anyValue.filter((v) => v !== undefined)), { maxLength: 6 }), (values) => {
          const parsed = schema.safeParse(values);
          if (check(values)) expect(parsed.success && parsed.data).toEqual(values);
          else expect(parsed.success).toBe(false);
        }),
        { numRuns: 300 },
      );
    },
  );

  const Required = z.object({ id: z.string(), score: z.number().nullable(), ok: z.boolean() });
  it('counts keys for an object without optional fields: an extra key is refused, a missing one too', () => {
    const check = checkOf(Required);
    expect(check({ id: 'a', score: null, ok: true })).toBe(true);
    expect(check({ id: 'a', score: 1.5, ok: false, surplus: 1 })).toBe(false);
    expect(check({ id: 'a', score: null })).toBe(false);
    expect(check({ id: 'a', ok: true, score: undefined })).toBe(false);
  });

  it('reads a row by its own key order and falls back to the shape\'s order: same answer for keys in any order, an extra, a missing or an inherited key', () => {
    const check = checkOf(Required);
    const fields = fc.record({ id: fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), score: fc.oneof(fc.double(), fc.constant(null), fc.string({ maxLength: 1 })), ok: fc.oneof(fc.boolean(), fc.constant(null)) });
    fc.assert(
      fc.property(fields, fc.shuffledSubarray(['id', 'score', 'ok', 'surplus']), fc.boolean(), (values, order, inherit) => {
        const source: Record<string, unknown> = { ...values, surplus: 1 };
        // Keys in the shuffled order, some left out; an inherited enumerable key now and then.
        const value: Record<string, unknown> = inherit ? Object.create({ inherited: 1 }) : {};
        for (const key of order) value[key] = source[key];
        const parsed = Required.safeParse(value);
        // zod's parse returns such a value unchanged exactly when it accepts it, has no extra key to strip and nothing inherited to drop.
        expect(check(value)).toBe(parsed.success && !order.includes('surplus') && !inherit);
        if (check(value)) expect(parsed.success && parsed.data).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('the leaderboard page by column passes unparsed when it conforms and is refused with a value of the wrong kind', () => {
    const check = checkOf(LeaderboardPageSchema);
    const row = { id: 'hyp_1', number: 1, summary: 's', status: 'reviewed', origin: 'generated', method: 'm', iteration: 0, parents: [], in_tournament: true, rank: 1, previous_rank: null, movement: null, elo_score: 1000.5, bt_score: null, ci95: null, p_top_k: null, matches_played: 0, wins: 0, certified_top_k: false };
    const columns = Object.fromEntries(Object.entries(row).map(([field, value]) => [field, [value, value]]));
    const page = { research_id: 'res_1', k: 5, certified: false, certify_threshold: 0.9, matches: 0, total: 2, movement_window: { matches: 0, judge: null }, rows: [], columns, next_cursor: null };
    expect(LeaderboardPageSchema.parse(page)).toEqual(page);
    expect(check(page)).toBe(true);
    expect(check({ ...page, columns: { ...columns, elo_score: [1000, Number.NaN] } })).toBe(false);
    expect(check({ ...page, columns: { ...columns, rank: [1, 1.5] } })).toBe(false);
    expect(check({ ...page, columns: { ...columns, summary: ['s', null] } })).toBe(false);
  });
});

describe('conformingOutput', () => {
  it('returns a conforming result itself, without a copy', () => {
    const value = { ...good };
    expect(conformingOutput(Row, value)).toBe(value);
  });

  it('returns zod\'s stripped copy for a result with an extra key', () => {
    expect(conformingOutput(Row, { ...good, surplus: 1 })).toEqual(good);
  });

  it('throws zod\'s error for a wrong shape', () => {
    expect(() => conformingOutput(Row, { ...good, count: 'three' })).toThrow(z.ZodError);
  });
});

describe('the tools\' output schemas', () => {
  it('the page tools get the check without a copy (a default or transform added to them would silently cost a full parse per page)', () => {
    const fast = new Set(ALL_TOOLS.filter((tool) => compileCheck(tool.output as unknown as Compilable) !== undefined).map((tool) => tool.name));
    for (const name of ['get_leaderboard', 'list_hypotheses', 'get_hypothesis', 'list_matches']) {
      if (ALL_TOOLS.some((tool) => tool.name === name)) expect(fast, name).toContain(name);
    }
    expect(compileCheck(LeaderboardPageSchema as unknown as Compilable)).toBeDefined();
  });
});
