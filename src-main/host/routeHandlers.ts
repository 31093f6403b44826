// What every domain's handlers file (<domain>.handlers.ts) is written against: the tool call it
// makes on the research server and the handler each of its routes needs. The router spreads the
// handlers of all domains into one table, checked against src-shared/routes/index.ts's.
import type { z } from 'zod';
import type { ToolOutcome } from './toolResult.js';

/** One tool call on the research server as client `desktop`; failures come back as values. */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<ToolOutcome>;

type RouteTable = Record<string, { input: z.ZodType; output: z.ZodType }>;

/** A handler for each route of a domain's table, taking the route's parsed input. */
export type RouteHandlers<T extends RouteTable> = { [R in keyof T]: (input: z.output<T[R]['input']>) => Promise<ToolOutcome> };

/** Optional fields the renderer left undefined must not reach a tool as explicit nulls. */
export function dropUndefined(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
