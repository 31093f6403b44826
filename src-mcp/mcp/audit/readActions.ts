// Which audit actions are reads: the rows the Audit view hides of the app's own by default (issue 18
// item 11: the GUI's reads were 445 of 1,475 rows). Hidden is a view, not a deletion: the rows stay in
// the hash chain, in exports with the toggle on, and in verification (architecture.md, *Identity, scopes, audit*).
// Tools say whether they only read (readOnlyHint); defineTool reports each one here as it is defined,
// so this list cannot drift from the tools' own annotations.

const readOnlyTools = new Set<string>();

/** Called by defineTool for every tool marked readOnlyHint. */
export function noteReadOnlyTool(name: string): void {
  readOnlyTools.add(`tool:${name}`);
}

/**
 * A tool that reads or writes by its `action` argument (manage_collections list/info, issue 33 item
 * 14: the app's own look at Knowledge appeared as if it had managed collections) names its reading
 * actions here. They are listed as `tool:<name>#<action>`, which auditQueries.ts matches against a
 * row's action and its `action` argument.
 */
export function noteReadOnlyActions(name: string, actions: readonly string[]): void {
  for (const action of actions) readOnlyTools.add(`tool:${name}#${action}`);
}

/** Audit actions that never change anything: read-only tools (of the definitions loaded), reading actions of mixed tools, resource reads and prompts. */
export function readAuditActions(): string[] {
  return [...readOnlyTools, 'resource:read', 'prompt:get'].sort();
}
