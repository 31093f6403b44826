// The JSON Schema subset the research server uses for checkpoint edits (zod's toJSONSchema of the
// edit schemas), read into field descriptions a form can render: strings, numbers, booleans,
// enums, lists of strings and lists of objects. Anything else is shown read-only, never dropped.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  title?: string;
}

interface Common {
  key: string;
  label: string;
  required: boolean;
  description?: string | undefined;
}

export type FieldSpec =
  | (Common & { kind: 'string'; minLength?: number | undefined; maxLength?: number | undefined; multiline: boolean; identifier: boolean })
  | (Common & { kind: 'number'; integer: boolean; minimum?: number | undefined; maximum?: number | undefined })
  | (Common & { kind: 'boolean' })
  | (Common & { kind: 'enum'; options: string[] })
  | (Common & { kind: 'stringList'; item: FieldSpec & { kind: 'string' }; minItems?: number | undefined; maxItems?: number | undefined })
  | (Common & { kind: 'objectList'; fields: FieldSpec[]; minItems?: number | undefined; maxItems?: number | undefined; fixed: boolean })
  | (Common & { kind: 'object'; fields: FieldSpec[] })
  | (Common & { kind: 'readonly' });

/** Longer limits than this get a text area. */
const SINGLE_LINE_MAX = 150;

export function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** "hypothesis_budget" → "Hypothesis budget"; a schema title wins. */
export function humanize(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields of an object schema, in the schema's order. */
export function fieldsOf(schema: JsonSchema): FieldSpec[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, property]) => fieldOf(key, property, required.has(key)));
}

export function fieldOf(key: string, schema: JsonSchema, required: boolean): FieldSpec {
  const common: Common = { key, label: schema.title ?? humanize(key), required, description: schema.description };
  const type = typeOf(schema);
  if (Array.isArray(schema.enum) && schema.enum.every((option) => typeof option === 'string')) {
    return { ...common, kind: 'enum', options: schema.enum as string[] };
  }
  switch (type) {
    case 'string':
      return {
        ...common,
        kind: 'string',
        minLength: schema.minLength,
        maxLength: schema.maxLength,
        multiline: schema.maxLength === undefined || schema.maxLength > SINGLE_LINE_MAX,
        // Identifiers of existing records (a hypothesis in a batch) are what an edit refers to, not what it changes.
        identifier: key === 'id',
      };
    case 'number':
    case 'integer':
      return { ...common, kind: 'number', integer: type === 'integer', minimum: schema.minimum, maximum: schema.maximum };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'object':
      return { ...common, kind: 'object', fields: fieldsOf(schema) };
    case 'array': {
      const items = schema.items ?? {};
      if (typeOf(items) === 'string' && !Array.isArray(items.enum)) {
        const item = fieldOf(key, items, true) as FieldSpec & { kind: 'string' };
        return { ...common, kind: 'stringList', item, minItems: schema.minItems, maxItems: schema.maxItems };
      }
      if (typeOf(items) === 'object') {
        // Items that name an existing record by a required id are edited in place, never added or removed.
        const fixed = (items.required ?? []).includes('id');
        return { ...common, kind: 'objectList', fields: fieldsOf(items), minItems: schema.minItems, maxItems: schema.maxItems, fixed };
      }
      return { ...common, kind: 'readonly' };
    }
    default:
      return { ...common, kind: 'readonly' };
  }
}
