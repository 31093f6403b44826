import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { resolveDataDir } from '../../../src-mcp/store/dataDir.js';

describe('resolveDataDir', () => {
  it('follows each platform convention', () => {
    expect(resolveDataDir({ platform: 'darwin', home: '/Users/ada', env: {} })).toBe('/Users/ada/Library/Application Support/Co-Scientist');
    expect(resolveDataDir({ platform: 'win32', home: 'C:\\Users\\ada', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' } })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Co-Scientist',
    );
    expect(resolveDataDir({ platform: 'linux', home: '/home/ada', env: {} })).toBe('/home/ada/.local/share/co-scientist');
    expect(resolveDataDir({ platform: 'linux', home: '/home/ada', env: { XDG_DATA_HOME: '/data/xdg' } })).toBe('/data/xdg/co-scientist');
  });

  it('ignores a relative XDG_DATA_HOME, as the XDG spec requires', () => {
    expect(resolveDataDir({ platform: 'linux', home: '/home/ada', env: { XDG_DATA_HOME: 'relative/dir' } })).toBe('/home/ada/.local/share/co-scientist');
  });

  it('lets --data-dir win over COSCI_DATA_DIR, and both over the platform default', () => {
    expect(resolveDataDir({ flag: '/tmp/flag', platform: 'linux', home: '/h', env: { COSCI_DATA_DIR: '/tmp/env' } })).toBe('/tmp/flag');
    expect(resolveDataDir({ platform: 'darwin', home: '/h', env: { COSCI_DATA_DIR: '/tmp/env' } })).toBe('/tmp/env');
    expect(resolveDataDir({ flag: 'rel', platform: 'linux', home: '/h', env: {} })).toBe(path.resolve('rel'));
  });
});
