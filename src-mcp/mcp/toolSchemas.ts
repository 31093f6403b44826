// What `tools/list` says about each tool. Converting ~45 zod schemas to JSON Schema took tens
// of milliseconds at every server start, so the build converts them once (scripts/build.mjs
// fills in toolSchemas.precomputed.ts) and a build without that step converts each tool
// lazily, once per process, the first time it is listed.
import { z } from 'zod';
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/server';
import { PRECOMPUTED_TOOL_SCHEMAS, type ToolSchemas } from './toolSchemas.precomputed.js';

/** The parts of a ToolDefinition (toolkit.ts) that tools/list shows. */
export interface DescribableTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  input: z.ZodObject;
  output: z.ZodObject;
}

/** The JSON Schemas of one tool's arguments (unknown keys refused, as tools/call does) and result. */
export function computeToolSchemas(tool: DescribableTool): ToolSchemas {
  return {
    inputSchema: z.toJSONSchema(tool.input.strict(), { io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(tool.output, { io: 'output' }) as Tool['outputSchema'],
  };
}

const described = new WeakMap<DescribableTool, Tool>();

export function describeTool(tool: DescribableTool): Tool {
  let description = described.get(tool);
  if (description === undefined) {
    const schemas = PRECOMPUTED_TOOL_SCHEMAS?.[tool.name] ?? computeToolSchemas(tool);
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
