// What `tools/list` says about each tool. Converting ~45 zod schemas to JSON Schema took tens
// of milliseconds at every server start, so the build describes every tool once (scripts/build.mjs
// fills in toolSchemas.precomputed.ts, read by toolCatalog.ts); run from the sources, each tool is
// described lazily, once per process, the first time it is listed.
import { z } from 'zod';
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/server';
import type { Scope } from '../access/scopes.js';
import { withStringLimits } from '../access/argumentLimits.js';
import { withNullableTypes } from './nullableTypes.js';

/**
 * How a lab server opens a desktop-only tool to callers over its network endpoint, where the desktop
 * app is one OAuth client among others (docs/threat-model.md, *The desktop app on a lab*):
 * - `view`: it only reads what its scopes already open through the assistant tools (the leaderboard,
 *   a hypothesis's page, the audit log for `admin`): any caller holding the scopes;
 * - `contribution`: the scientist's own work, recorded under the caller's name (a title, a
 *   hypothesis or review they wrote, an arena vote): any caller holding the scopes;
 * - `principal`: a project-wide change the lab reserves for a role (archive, trash): callers holding
 *   the scopes whom the lab's role claim makes a principal investigator, as for deciding checkpoints.
 * Tools that reach the server's own machine (knowledge folders, provider keys, stored policies, the
 * doctor) have none and stay closed over the network.
 */
export type LabAccess = 'view' | 'contribution' | 'principal';

/** One tool as tools/list shows it, with what decides whether a client sees it (toolCatalog.ts). */
export interface CatalogEntry {
  scopes: readonly Scope[];
  desktopOnly: boolean;
  /** How a lab server opens this desktop-only tool to callers over its network endpoint (ToolDefinition.lab); null: it does not. */
  lab: LabAccess | null;
  /** Listed only to clients that show views, marked app-only (apps/listing.ts). */
  appOnly: boolean;
  tool: Tool;
}

export interface ToolSchemas {
  inputSchema: Tool['inputSchema'];
  outputSchema: Tool['outputSchema'];
}

/** The parts of a ToolDefinition (toolkit.ts) that tools/list shows. */
export interface DescribableTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  input: z.ZodObject;
  output: z.ZodObject;
}

/**
 * The JSON Schemas of one tool's arguments (unknown keys refused, as tools/call does; every string
 * bounded, as tools/call checks first: argumentLimits.ts) and result, the result's nullable fields
 * as type lists (nullableTypes.ts). Arguments keep zod's anyOf: an assistant hands inputSchema to
 * its model, and Gemini's function declarations refuse a type list (google-gemini/gemini-cli#21094),
 * while only clients, never models, read an outputSchema.
 */
export function computeToolSchemas(tool: DescribableTool): ToolSchemas {
  return {
    inputSchema: withoutDialect(withStringLimits(z.toJSONSchema(tool.input.strict(), { io: 'input' }))) as Tool['inputSchema'],
    outputSchema: withoutDialect(withNullableTypes(z.toJSONSchema(tool.output, { io: 'output' }))) as Tool['outputSchema'],
  };
}

/**
 * Every tool definition lands in the assistant's context, and this key would repeat in each. A
 * tool schema without `$schema` is read as 2020-12 (the MCP default), and ours stay in the subset
 * draft-07 reads the same way (schemaPortability.ts), so naming the dialect adds nothing.
 */
function withoutDialect<T extends object>(schema: T): Omit<T, '$schema'> {
  const { $schema: _dialect, ...rest } = schema as T & { $schema?: unknown };
  return rest;
}

const described = new WeakMap<DescribableTool, Tool>();

export function describeTool(tool: DescribableTool): Tool {
  let description = described.get(tool);
  if (description === undefined) {
    const schemas = computeToolSchemas(tool);
    description = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: schemas.inputSchema,
      outputSchema: schemas.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    };
    described.set(tool, description);
  }
  return description;
}
