// VS Code, VS Code Insiders and VSCodium: the user-profile `User/mcp.json`, JSONC (comments and
// trailing commas allowed), with servers under `servers` and `"type": "stdio"`. An empty
// mcp.json is read as "no servers" by VS Code, so it counts as an empty config.
import type { ClientAdapter, ConfigLocation } from '../clientAdapter.js';
import { commandEntry, joinForTarget } from '../clientAdapter.js';
import type { Editor } from './editors.js';
import { COMMAND_PALETTE, editorInstallProbes, editorNamed, editorUserDir, flatpakConfigRoot } from './editors.js';

function vscodeAdapter(id: 'vscode' | 'vscode-insiders' | 'vscodium', editor: Editor): ClientAdapter {
  return {
    id,
    displayName: editor.label,
    format: 'jsonc',
    site: { key: 'servers', shape: 'map' },
    emptyFile: 'empty-config',
    configLocations(ctx) {
      const standardDir = editorUserDir(ctx, editor);
      const standard: ConfigLocation = { variant: 'standard', path: joinForTarget(standardDir, 'mcp.json'), evidence: standardDir, default: true };
      const flatpakRoot = ctx.platform === 'linux' ? flatpakConfigRoot(ctx, editor) : undefined;
      if (!flatpakRoot) return [standard];
      // A Flatpak install keeps its settings inside its sandbox; its folder appears once it has run.
      const flatpakDir = editorUserDir(ctx, editor, true);
      return [standard, { variant: 'flatpak', path: joinForTarget(flatpakDir, 'mcp.json'), evidence: flatpakDir }];
    },
    installProbes: (ctx) => editorInstallProbes(ctx, editor),
    buildEntry: (launch) => commandEntry(launch, { type: 'stdio' }),
    buildHttpEntry: (url) => ({ type: 'http', url }),
    nextStep(platform, change) {
      return change === 'registered'
        ? `In ${editor.label}, run "MCP: List Servers" from the ${COMMAND_PALETTE[platform]}, pick co-scientist and choose Start ` +
            `(confirm that you trust it the first time). Its tools then appear in the Chat view's tool picker in Agent mode.`
        : `${editor.label} stops co-scientist by itself; "MCP: List Servers" no longer shows it.`;
    },
  };
}

export const vscode = vscodeAdapter('vscode', editorNamed('vscode'));
export const vscodeInsiders = vscodeAdapter('vscode-insiders', editorNamed('vscode-insiders'));
export const vscodium = vscodeAdapter('vscodium', editorNamed('vscodium'));
