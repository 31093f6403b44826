// Goose (CLI and Desktop): `config.yaml` in Goose's config folder (`~/.config/goose`, honouring
// XDG_CONFIG_HOME, or `%APPDATA%\Block\goose\config`), servers under the `extensions` map as
// stdio extensions (`cmd`, `args`, `envs`).
import type { ClientAdapter } from '../clientAdapter.js';
import { joinForTarget, macApps, systemPath, userDirs } from '../clientAdapter.js';

export const goose: ClientAdapter = {
  id: 'goose',
  displayName: 'Goose',
  format: 'yaml',
  site: { key: 'extensions', shape: 'map' },
  emptyFile: 'refuse',
  configLocations(ctx) {
    const dirs = userDirs(ctx);
    const dir = ctx.platform === 'win32' ? joinForTarget(dirs.appData, 'Block', 'goose', 'config') : joinForTarget(dirs.xdgConfig, 'goose');
    return [{ variant: 'standard', path: joinForTarget(dir, 'config.yaml'), evidence: dir }];
  },
  installProbes(ctx) {
    const cli = { kind: 'binary' as const, names: ['goose'] };
    switch (ctx.platform) {
      case 'darwin':
        return [...macApps(ctx, 'Goose.app'), cli];
      case 'win32':
        return [{ kind: 'path', path: joinForTarget(userDirs(ctx).localAppData, 'Programs', 'Goose', 'Goose.exe') }, cli];
      case 'linux':
        return [cli, { kind: 'path', path: systemPath(ctx, 'usr', 'lib', 'goose') }];
    }
  },
  buildEntry(launch) {
    return {
      name: 'co-scientist',
      type: 'stdio',
      enabled: true,
      description: 'Co-Scientist research workbench',
      cmd: launch.command,
      args: [...launch.args],
      envs: { ...(launch.env ?? {}) },
      env_keys: [],
      timeout: 300,
    };
  },
  nextStep(_platform, change) {
    return change === 'registered'
      ? 'Restart Goose (Desktop: quit and reopen it; CLI: start a new `goose session`); co-scientist is then enabled under Extensions.'
      : 'Restart Goose; co-scientist is no longer among its extensions.';
  },
};
