// zod writes a nullable schema with keywords of its own (an integer's safe bounds, an object's
// properties, an enum) as `anyOf: [<schema>, { type: "null" }]`. A validator tries the branches in
// turn: Ajv, which both SDK clients use with allErrors, records an error object for every null
// that fails the first branch before the second passes, for every nullable field of every row of a
// page (rank, previous_rank, movement, ci95 on each leaderboard row). `{ type: [<type>, "null"],
// <its keywords> }` says the same in draft-07 and 2020-12 alike: every keyword but type, enum and
// const applies only to values of its own type, so null passes them, and anything else meets the
// same keywords as before. Ajv checks it with one type test and no garbage (issue 17), and it is
// fewer bytes in every tools/list. Result schemas only: toolSchemas.ts says why arguments keep
// the anyOf.

type Json = Record<string, unknown>;

/** Keywords that constrain null too, or combine schemas: a branch with one is left as it is. */
const NOT_TYPE_SCOPED = ['anyOf', 'oneOf', 'allOf', 'not', '$ref', 'if', 'then', 'else', 'const'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNullOnly = (schema: unknown): boolean => isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/** `anyOf: [X, {type: "null"}]` (either order) as X with null among its types; undefined when that would not say the same. */
function mergedNullable(schema: Json): Json | undefined {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return undefined;
  const [first, second] = branches as unknown[];
  const typed = isNullOnly(second) ? first : isNullOnly(first) ? second : undefined;
  if (!isObject(typed) || typeof typed.type !== 'string' || typed.type === 'null') return undefined;
  if (NOT_TYPE_SCOPED.some((keyword) => keyword in typed)) return undefined;
  if ('enum' in typed && !Array.isArray(typed.enum)) return undefined;
  const { anyOf: _branches, ...around } = schema;
  // The same keyword on both levels (two descriptions) would have to be chosen between: left as it is.
  if (Object.keys(around).some((keyword) => keyword in typed)) return undefined;
  const merged: Json = { ...typed, type: [typed.type, 'null'], ...around };
  if (Array.isArray(typed.enum)) merged.enum = [...(typed.enum as unknown[]), null];
  return merged;
}

/** Keywords whose value is a schema, or a list of schemas. */
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else', 'anyOf', 'oneOf', 'allOf']);
/** Keywords whose value maps names to schemas. */
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** The schema with each nullable `anyOf` written as a type list, at any depth; a new object, the input untouched. */
export function withNullableTypes<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => withNullableTypes(item)) as T;
  if (!isObject(schema)) return schema;
  const rewritten: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SUBSCHEMA.has(key)) rewritten[key] = withNullableTypes(value);
    else if (SUBSCHEMA_MAP.has(key) && isObject(value)) rewritten[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withNullableTypes(sub)]));
    else rewritten[key] = value;
  }
  return (mergedNullable(rewritten) ?? rewritten) as T;
}
