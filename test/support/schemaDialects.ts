// Compiles a published JSON Schema under both dialects assistants use — Ajv in draft-07 mode (the
// v1 MCP SDK client) and Ajv 2020-12 (the v2 SDK; Claude's clients require 2020-12) — strict about
// unknown keywords, so a keyword one dialect lacks fails to compile instead of being ignored, and
// validates data under both.
import Ajv07, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';

export type Dialect = 'draft-07' | '2020-12';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * The formats our schemas use are declared known but not checked here: zod writes a `pattern`
 * beside `date-time`, which both dialects check, and `uri` fields are checked by the server.
 */
const options = { strict: true, allErrors: true, allowUnionTypes: true, formats: { 'date-time': true, uri: true } } as const;

export interface DialectValidator {
  /** Errors per dialect for `data` ("" when valid in that dialect); an empty list when valid in both. */
  problems(data: unknown): string[];
}

export class SchemaDialects {
  private readonly draft07 = new Ajv07(options);
  private readonly v2020 = new Ajv2020(options);

  /** Throws, naming the dialect, when the schema does not compile strictly in one of them. */
  compile(schema: Record<string, unknown>, what: string): DialectValidator {
    const compiled: Array<[Dialect, ValidateFunction]> = [
      // A draft-07 validator reads the schema as draft-07 whatever $schema says (the v1 SDK does
      // not check it); the draft-07 meta-schema then checks its shape.
      ['draft-07', this.compileIn(this.draft07, { ...schema, $schema: DRAFT_07 }, what, 'draft-07')],
      ['2020-12', this.compileIn(this.v2020, schema, what, '2020-12')],
    ];
    return {
      problems: (data) =>
        compiled.flatMap(([dialect, validate]) => (validate(data) ? [] : [`${dialect}: ${this.draft07.errorsText(validate.errors)}`])),
    };
  }

  private compileIn(ajv: Ajv07 | Ajv2020, schema: Record<string, unknown>, what: string, dialect: Dialect): ValidateFunction {
    try {
      return ajv.compile(schema);
    } catch (error) {
      throw new Error(`${what} does not compile as JSON Schema ${dialect}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
