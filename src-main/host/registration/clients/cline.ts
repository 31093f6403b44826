// Cline lives inside a VS Code-family editor and keeps its servers in that editor's global
// storage: `<User>/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`, strict
// JSON, `{ "mcpServers": { … } }`. One registration per editor that has Cline installed.
import type { ClientAdapter, ConfigLocation } from '../clientAdapter.js';
import { commandEntry, joinForTarget } from '../clientAdapter.js';
import { EDITORS, editorUserDir, extensionProbe } from './editors.js';

export const CLINE_EXTENSION = 'saoudrizwan.claude-dev';

export const cline: ClientAdapter = {
  id: 'cline',
  displayName: 'Cline',
  format: 'json',
  site: { key: 'mcpServers', shape: 'map' },
  emptyFile: 'refuse',
  perLocation: true,
  configLocations(ctx) {
    return EDITORS.map((editor): ConfigLocation => {
      const storage = joinForTarget(editorUserDir(ctx, editor), 'globalStorage', CLINE_EXTENSION);
      return {
        variant: editor.key,
        label: editor.label,
        path: joinForTarget(storage, 'settings', 'cline_mcp_settings.json'),
        evidence: storage,
        // The extension folder, not the storage folder: storage outlives an uninstalled extension.
        installProbes: [extensionProbe(ctx, editor, CLINE_EXTENSION)],
      };
    });
  },
  installProbes: (ctx) => EDITORS.map((editor) => extensionProbe(ctx, editor, CLINE_EXTENSION)),
  buildEntry: (launch) => commandEntry(launch, {}, false),
  nextStep(_platform, change, location) {
    const editor = location.label ?? 'your editor';
    return change === 'registered'
      ? `In ${editor}, open Cline → MCP Servers → Installed: co-scientist is listed there (click Restart Server if it shows an error).`
      : `In ${editor}, Cline's MCP Servers list no longer shows co-scientist.`;
  },
};
