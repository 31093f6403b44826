// A tool's audience is where it lives (architecture.md, *Layers and folders*): every tool under
// src-mcp/mcp/tools/desktop/ is desktop-only, none under tools/assistant/ is, and the registry
// lists each defined tool exactly once. A desktop-only action of a shared tool (desktopOnlyActions)
// belongs to an assistant tool.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../../../src-mcp/mcp/toolRegistry.js';
import type { ToolDefinition } from '../../../../src-mcp/mcp/toolkit.js';
import { REPO_ROOT } from '../../../support/server.js';

const TOOLS_DIR = path.join(REPO_ROOT, 'src-mcp/mcp/tools');

function isTool(value: unknown): value is ToolDefinition {
  return typeof value === 'object' && value !== null && typeof (value as ToolDefinition).name === 'string' && typeof (value as ToolDefinition).run === 'function';
}

/** The tools each module of one audience folder defines (exports one by one or in lists). */
async function toolsIn(audience: 'assistant' | 'desktop'): Promise<Map<string, { tool: ToolDefinition; file: string }>> {
  const found = new Map<string, { tool: ToolDefinition; file: string }>();
  for (const file of fs.readdirSync(path.join(TOOLS_DIR, audience)).filter((name) => name.endsWith('.ts'))) {
    const exported = Object.values(await import(path.join(TOOLS_DIR, audience, file)) as Record<string, unknown>);
    for (const tool of exported.flatMap((value) => (Array.isArray(value) ? value : [value])).filter(isTool)) found.set(tool.name, { tool, file: `${audience}/${file}` });
  }
  return found;
}

describe('tools by audience', () => {
  it('marks every tool in tools/desktop/ desktop-only, and none in tools/assistant/', async () => {
    const desktop = await toolsIn('desktop');
    const assistant = await toolsIn('assistant');
    expect(desktop.size).toBeGreaterThan(0);
    expect(assistant.size).toBeGreaterThan(0);
    expect([...desktop.values()].filter(({ tool }) => tool.desktopOnly !== true).map(({ tool, file }) => `${tool.name} (${file})`)).toEqual([]);
    expect([...assistant.values()].filter(({ tool }) => tool.desktopOnly === true).map(({ tool, file }) => `${tool.name} (${file})`)).toEqual([]);
  });

  it('registers every tool those folders define exactly once, and nothing else', async () => {
    const defined = [...(await toolsIn('assistant')).keys(), ...(await toolsIn('desktop')).keys()].sort();
    const registered = ALL_TOOLS.map((tool) => tool.name);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual(defined);
  });

  // How a lab opens desktop tools over its network endpoint (ToolDefinition.lab, LabAccess): a view
  // writes nothing; a contribution writes the caller's own work and destroys nothing; and the tools
  // that reach the server's own machine stay closed.
  it('opens to a lab views that only read, contributions that destroy nothing, and nothing that reaches the server machine', () => {
    const withAccess = (access: string): ToolDefinition[] => ALL_TOOLS.filter((tool) => tool.lab === access);
    expect(ALL_TOOLS.filter((tool) => tool.lab !== undefined && tool.desktopOnly !== true).map((tool) => tool.name)).toEqual([]);
    expect(withAccess('view').length).toBeGreaterThan(0);
    expect(withAccess('view').filter((tool) => !tool.annotations.readOnlyHint || tool.annotations.destructiveHint).map((tool) => tool.name)).toEqual([]);
    expect(withAccess('contribution').map((tool) => tool.name).sort()).toEqual(['add_hypothesis', 'add_review', 'record_judgement', 'set_hypothesis_title']);
    expect(withAccess('contribution').filter((tool) => tool.annotations.destructiveHint).map((tool) => tool.name)).toEqual([]);
    expect(withAccess('principal').map((tool) => tool.name).sort()).toEqual(['archive_research', 'trash_research']);
    const closed = ALL_TOOLS.filter((tool) => tool.desktopOnly === true && tool.lab === undefined).map((tool) => tool.name).sort();
    expect(closed).toEqual(['configure_providers', 'get_client_policies', 'manage_knowledge_roots', 'run_doctor', 'set_client_policy']);
  });

  it('gives desktop-only actions only to tools assistants also see', () => {
    for (const tool of ALL_TOOLS.filter((candidate) => candidate.desktopOnlyActions !== undefined)) expect(tool.desktopOnly, tool.name).not.toBe(true);
  });
});
