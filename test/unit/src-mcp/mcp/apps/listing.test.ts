// What tools/list shows of each tool, with and without MCP Apps (src-mcp/mcp/apps/listing.ts): the
// listing of a client without the extension is the catalog's, untouched; with it, links and marks.
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../../../../src-mcp/mcp/toolRegistry.js';
import { catalogEntryOf } from '../../../../../src-mcp/mcp/toolCatalog.js';
import { appOnlyRefusal, listedFor } from '../../../../../src-mcp/mcp/apps/listing.js';
import { VIEW_OF_TOOL, chatViewUri } from '../../../../../src-shared/chatViews.js';

const entries = ALL_TOOLS.map(catalogEntryOf);

describe('listedFor', () => {
  it('gives a client without MCP Apps every tool but the app-only ones, each the very object the catalog holds', () => {
    for (const entry of entries) {
      const listed = listedFor(entry, false);
      if (entry.appOnly) expect(listed, entry.tool.name).toEqual([]);
      else expect(listed[0], entry.tool.name).toBe(entry.tool);
    }
    expect(entries.filter((entry) => entry.appOnly).map((entry) => entry.tool.name).sort()).toEqual(['decide_in_chat', 'show_hypothesis_card']);
  });

  it('links each producing tool to its view and marks the app-only tools for apps alone, changing nothing else', () => {
    for (const entry of entries) {
      const [listed] = listedFor(entry, true);
      const view = VIEW_OF_TOOL[entry.tool.name];
      const ui = (listed?._meta as { ui?: { resourceUri?: string; visibility?: string[] } } | undefined)?.ui;
      expect(ui?.resourceUri, entry.tool.name).toBe(view === undefined ? undefined : chatViewUri(view));
      expect(ui?.visibility, entry.tool.name).toEqual(entry.appOnly ? ['app'] : undefined);
      if (view === undefined && !entry.appOnly) expect(listed).toBe(entry.tool);
      expect({ ...listed, _meta: undefined }).toEqual({ ...entry.tool, _meta: undefined });
    }
  });

  it('says why an app-only tool was refused and what to do instead', () => {
    expect(appOnlyRefusal('decide_in_chat')).toMatch(/did not declare MCP Apps support\. Decide in the Co-Scientist app/);
  });
});
