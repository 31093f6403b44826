import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkLaunchLocation,
  launchForClient,
  RegistrationError,
  resolveLaunchCommand,
} from '../../../../../src-main/host/registration/index.js';
import { launchOpening } from '../../../../../src-main/host/registration/launcher.js';

describe('resolveLaunchCommand', () => {
  it('development: the given node and <appRoot>/dist/mcp/server.js, no env', () => {
    const appRoot = path.join('/home/ana/My Projects/co-scientist');
    const launch = resolveLaunchCommand({ isPackaged: false, execPath: process.execPath, appRoot });
    expect(launch).toEqual({ command: process.execPath, args: [path.join(appRoot, 'dist', 'mcp', 'server.js')] });
  });

  it('packaged: the app binary as Node (ELECTRON_RUN_AS_NODE=1) and the server unpacked next to app.asar', () => {
    const resources = '/Applications/Co Scientist.app/Contents/Resources';
    const launch = resolveLaunchCommand({
      isPackaged: true,
      execPath: '/Applications/Co Scientist.app/Contents/MacOS/Co-Scientist',
      appRoot: `${resources}/app.asar`,
    });
    expect(launch).toEqual({
      command: '/Applications/Co Scientist.app/Contents/MacOS/Co-Scientist',
      args: [path.join(`${resources}/app.asar.unpacked`, 'dist', 'mcp', 'server.js')],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });

  it('an explicit server entry wins', () => {
    const launch = resolveLaunchCommand({ isPackaged: false, execPath: '/usr/bin/node', appRoot: '/r', serverEntry: '/elsewhere/server.js' });
    expect(launch.args).toEqual(['/elsewhere/server.js']);
  });

  it('keeps spaces and non-ASCII characters as they are: one argv element each, no quoting', () => {
    const appRoot = '/Users/Zoë Ångström/研究/Co Scientist';
    const launch = resolveLaunchCommand({ isPackaged: false, execPath: '/opt/nöde 20/bin/node', appRoot });
    expect(launch.command).toBe('/opt/nöde 20/bin/node');
    expect(launch.args).toEqual([`${appRoot}/dist/mcp/server.js`]);
  });

  it('refuses relative commands (an `npx` or a bare `node` would depend on the assistant PATH)', () => {
    for (const execPath of ['node', 'npx', 'node /x/server.js']) {
      const attempt = () => resolveLaunchCommand({ isPackaged: false, execPath, appRoot: '/r' });
      expect(attempt).toThrow(RegistrationError);
      expect(attempt).toThrow(/is not an absolute path/);
    }
  });

  it('accepts Windows absolute paths', () => {
    const launch = resolveLaunchCommand({
      isPackaged: true,
      execPath: 'C:\\Program Files\\Co-Scientist\\Co-Scientist.exe',
      appRoot: 'C:\\Program Files\\Co-Scientist\\resources\\app.asar',
      serverEntry: 'C:\\Program Files\\Co-Scientist\\resources\\app.asar.unpacked\\dist\\mcp\\server.js',
    });
    expect(launch.command).toBe('C:\\Program Files\\Co-Scientist\\Co-Scientist.exe');
  });
});

describe('launchForClient', () => {
  it('appends --client <id> and copies env only when there is some', () => {
    expect(launchForClient({ command: '/n', args: ['/s.js'] }, 'claude-desktop')).toEqual({
      command: '/n',
      args: ['/s.js', '--client', 'claude-desktop'],
    });
    expect(launchForClient({ command: '/n', args: ['/s.js'], env: {} }, 'x')).not.toHaveProperty('env');
    expect(launchForClient({ command: '/n', args: ['/s.js'], env: { A: '1' } }, 'x').env).toEqual({ A: '1' });
  });

  it('refuses a launch that already names a client', () => {
    try {
      launchForClient({ command: '/n', args: ['/s.js', '--client', 'cursor'] }, 'claude-desktop');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RegistrationError);
      expect((e as RegistrationError).code).toBe('INVALID_LAUNCH_COMMAND');
    }
  });
});

describe('checkLaunchLocation (macOS: App Translocation and disk images)', () => {
  const launchAt = (command: string) => ({ command, args: [command.replace(/MacOS\/Co-Scientist$/, 'Resources/app.asar.unpacked/dist/mcp/server.js')] });

  it('refuses a translocated app and says to move it to Applications', () => {
    const err = checkLaunchLocation(
      launchAt('/private/var/folders/x1/T/AppTranslocation/5E3C-11/d/Co-Scientist.app/Contents/MacOS/Co-Scientist'),
      'darwin',
    );
    expect(err?.code).toBe('APP_NOT_INSTALLED');
    expect(err?.message).toMatch(/drag it into your Applications folder/);
  });

  it('refuses an app running from a read-only disk image, not from a writable external disk', () => {
    const onDmg = launchAt('/Volumes/Co-Scientist 1.0/Co-Scientist.app/Contents/MacOS/Co-Scientist');
    const seen: string[] = [];
    const err = checkLaunchLocation(onDmg, 'darwin', (dir) => {
      seen.push(dir);
      return false;
    });
    expect(err?.code).toBe('APP_NOT_INSTALLED');
    expect(err?.message).toContain('/Volumes/Co-Scientist 1.0');
    expect(seen).toEqual(['/Volumes/Co-Scientist 1.0']);
    expect(checkLaunchLocation(onDmg, 'darwin', () => true)).toBeUndefined();
  });

  it('accepts /Applications, and never applies on Windows or Linux', () => {
    expect(checkLaunchLocation(launchAt('/Applications/Co-Scientist.app/Contents/MacOS/Co-Scientist'), 'darwin', () => false)).toBeUndefined();
    expect(checkLaunchLocation(launchAt('/Volumes/x/AppTranslocation/Co-Scientist.app/Contents/MacOS/Co-Scientist'), 'linux', () => false)).toBeUndefined();
  });
});

describe('launchOpening: the registered command names the data folder unless an assistant finds it by itself', () => {
  const launch = { command: '/usr/bin/node', args: ['/app/dist/mcp/server.js'] };
  const home = '/home/ana';

  it('the default folder: the launch as it is', () => {
    expect(launchOpening(launch, '/home/ana/.local/share/co-scientist', { home, platform: 'linux', env: {} })).toEqual(launch);
    expect(launchOpening(launch, '/home/ana/Library/Application Support/Co-Scientist', { home, platform: 'darwin', env: {} })).toEqual(launch);
  });

  it('another folder (from --data-dir or COSCI_DATA_DIR): --data-dir with its absolute path, before --client', () => {
    const opening = launchOpening(launch, '/srv/lab data', { home, platform: 'linux', env: { COSCI_DATA_DIR: '/srv/lab data' } });
    expect(opening).toEqual({ command: '/usr/bin/node', args: ['/app/dist/mcp/server.js', '--data-dir', path.resolve('/srv/lab data')] });
    expect(launchForClient(opening, 'codex').args).toEqual(['/app/dist/mcp/server.js', '--data-dir', path.resolve('/srv/lab data'), '--client', 'codex']);
  });

  it('a folder under XDG_DATA_HOME is named too: assistants do not pass XDG_DATA_HOME on to their servers', () => {
    const env = { XDG_DATA_HOME: '/home/ana/xdg' };
    expect(launchOpening(launch, '/home/ana/xdg/co-scientist', { home, platform: 'linux', env }).args).toContain('--data-dir');
  });
});
