// Continue (VS Code and JetBrains extension, `cn` CLI): `~/.continue/config.yaml`
// (`$CONTINUE_GLOBAL_DIR` when set) with `mcpServers` as a list of `{ name, command, args, env }`.
// Continue still honours a legacy config.json when no config.yaml exists, so creating a
// config.yaml next to one would silently replace the scientist's whole configuration: refused.
import fs from 'node:fs';
import path from 'node:path';
import type { ClientAdapter } from '../clientAdapter.js';
import { commandEntry, envDir, joinForTarget } from '../clientAdapter.js';
import { RegistrationError } from '../errors.js';
import { EDITORS, extensionProbe } from './editors.js';

export const continueDev: ClientAdapter = {
  id: 'continue',
  displayName: 'Continue',
  format: 'yaml',
  site: { key: 'mcpServers', shape: 'list' },
  // An empty config.yaml lacks the `name` and `version` Continue requires.
  emptyFile: 'refuse',
  configLocations(ctx) {
    const dir = envDir(ctx.env, 'CONTINUE_GLOBAL_DIR') ?? joinForTarget(ctx.home, '.continue');
    return [{ variant: 'user', path: joinForTarget(dir, 'config.yaml'), evidence: dir }];
  },
  installProbes: (ctx) => [...EDITORS.map((e) => extensionProbe(ctx, e, 'continue.continue')), { kind: 'binary', names: ['cn'] }],
  buildEntry: (launch) => commandEntry(launch, { name: 'co-scientist', type: 'stdio' }),
  newFileText: (eol) => ['name: Local Config', 'version: 1.0.0', 'schema: v1', ''].join(eol),
  preflight(configPath) {
    const legacy = path.join(path.dirname(configPath), 'config.json');
    if (fs.existsSync(configPath) || !fs.existsSync(legacy)) return undefined;
    return new RegistrationError(
      'LEGACY_CONFIG',
      `Continue is using ${legacy}. Creating ${configPath} would make Continue ignore that file, so nothing was written. ` +
        'Convert it to config.yaml first (Continue offers this in its settings), then connect again.',
      { configPath },
    );
  },
  nextStep(_platform, change) {
    return change === 'registered'
      ? "Continue reloads config.yaml by itself. Switch Continue's chat to Agent mode: MCP tools such as Co-Scientist's are only offered there."
      : 'Continue reloads config.yaml by itself; Co-Scientist\'s tools disappear from Agent mode.';
  },
};
