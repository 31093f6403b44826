// Where the server keeps V8's code cache: a per-user cache folder on each platform.
import { describe, expect, it } from 'vitest';
import { compileCacheDir } from '../../../src-mcp/compileCache.js';

describe('compileCacheDir', () => {
  it('uses the per-user cache folder of each platform', () => {
    expect(compileCacheDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Caches/Co-Scientist/compile-cache');
    expect(compileCacheDir({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32', 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Local\\Co-Scientist\\Cache\\compile-cache',
    );
    expect(compileCacheDir({}, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Local\\Co-Scientist\\Cache\\compile-cache');
    expect(compileCacheDir({}, 'linux', '/home/ada')).toBe('/home/ada/.cache/co-scientist/compile-cache');
    expect(compileCacheDir({ XDG_CACHE_HOME: '/var/cache/ada' }, 'linux', '/home/ada')).toBe('/var/cache/ada/co-scientist/compile-cache');
  });

  it('ignores a relative XDG_CACHE_HOME, as the XDG spec requires', () => {
    expect(compileCacheDir({ XDG_CACHE_HOME: 'cache' }, 'linux', '/home/ada')).toBe('/home/ada/.cache/co-scientist/compile-cache');
  });
});

