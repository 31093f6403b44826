import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { announcedDataDir, dataDirAnnouncement, defaultDataDir, resolveDataDir } from '../../../../src-shared/node/dataDir.js';

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

describe('defaultDataDir and the data-folder announcement', () => {
  it('the default ignores COSCI_DATA_DIR and XDG_DATA_HOME (an assistant passes neither on) but keeps Windows APPDATA', () => {
    expect(defaultDataDir({ home: '/home/ana', platform: 'linux', env: { COSCI_DATA_DIR: '/x', XDG_DATA_HOME: '/xdg' } })).toBe('/home/ana/.local/share/co-scientist');
    expect(defaultDataDir({ home: 'C:\\Users\\ana', platform: 'win32', env: { APPDATA: 'D:\\Roaming' } })).toBe('D:\\Roaming\\Co-Scientist');
  });

  it('the server announces its folder in a line the test launch reads back, spaces and all', () => {
    const line = dataDirAnnouncement('claude-code', '/srv/lab data/Co-Scientist');
    expect(announcedDataDir(`warming up\n${line}\nother`)).toBe('/srv/lab data/Co-Scientist');
    expect(announcedDataDir('[co-scientist] cannot start: disk full')).toBeUndefined();
  });
});
