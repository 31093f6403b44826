// The web host's gatekeeping rules and static path resolution, as pure functions.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebOptions, UsageError } from '../../../../src-main/web/options.js';
import {
  bearerToken,
  contentSecurityPolicy,
  hostAllowed,
  newAccessToken,
  originAllowed,
  socketToken,
  tokenMatches,
} from '../../../../src-main/web/security.js';
import { contentTypeFor, resolveStaticPath } from '../../../../src-main/web/staticFiles.js';

describe('access token', () => {
  it('is 32 random bytes in base64url, different every time', () => {
    const a = newAccessToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newAccessToken()).not.toBe(a);
  });

  it('matches only the exact token', () => {
    const token = newAccessToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    expect(tokenMatches(token.slice(0, -1), token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
    expect(tokenMatches(undefined, token)).toBe(false);
  });

  it('is read from a Bearer header and from the cosci.token.* subprotocol only', () => {
    expect(bearerToken({ authorization: 'Bearer abc_DEF-1' })).toBe('abc_DEF-1');
    expect(bearerToken({ authorization: 'Basic abc' })).toBeNull();
    expect(bearerToken({ authorization: 'Bearer abc def' })).toBeNull();
    expect(bearerToken({})).toBeNull();
    expect(socketToken({ 'sec-websocket-protocol': 'cosci.events, cosci.token.abc_DEF-1' })).toBe('abc_DEF-1');
    expect(socketToken({ 'sec-websocket-protocol': 'cosci.events' })).toBeNull();
    expect(socketToken({})).toBeNull();
  });
});

describe('Host and Origin checks', () => {
  it('accept only 127.0.0.1 with our port', () => {
    expect(hostAllowed({ host: '127.0.0.1:4321' }, 4321)).toBe(true);
    for (const host of ['localhost:4321', '127.0.0.1:4322', 'evil.example:4321', '127.0.0.1', undefined]) {
      expect(hostAllowed({ host }, 4321)).toBe(false);
    }
    expect(originAllowed({ origin: 'http://127.0.0.1:4321' }, 4321)).toBe(true);
    for (const origin of ['http://localhost:4321', 'https://127.0.0.1:4321', 'http://evil.example', 'null', undefined]) {
      expect(originAllowed({ origin }, 4321)).toBe(false);
    }
  });

  it('pins connections to our own event socket in the CSP and allows no inline script', () => {
    const csp = contentSecurityPolicy(4321);
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:4321");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('static paths', () => {
  const root = path.resolve('/srv/renderer');

  it('maps / to index.html and plain paths into the folder', () => {
    expect(resolveStaticPath(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveStaticPath(root, '/?token=abc')).toBe(path.join(root, 'index.html'));
    expect(resolveStaticPath(root, '/assets/index-1.js')).toBe(path.join(root, 'assets', 'index-1.js'));
    expect(resolveStaticPath(root, '/assets/a%20b.css')).toBe(path.join(root, 'assets', 'a b.css'));
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets\\..\\..\\secret.txt',
    '/index.html%00.js',
    '/.env',
    '/%E0%A4%A', // malformed percent-encoding
    'index.html', // not origin-form
    '//evil.example/x/../../secret.txt',
  ])('refuses %j', (url) => {
    expect(resolveStaticPath(root, url)).toBeNull();
  });

  it('labels what it serves with the right content type', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('icon.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('blob.bin')).toBe('application/octet-stream');
  });
});

describe('web host command line', () => {
  it('defaults to a random port and the standard data dir', () => {
    expect(parseWebOptions([])).toEqual({ dataDir: undefined, database: undefined, port: 0, help: false });
    expect(parseWebOptions(['--data-dir', '/tmp/d', '--port', '8080'])).toEqual({ dataDir: '/tmp/d', database: undefined, port: 8080, help: false });
    expect(parseWebOptions(['--database', 'postgres://lab/cosci'])).toMatchObject({ database: 'postgres://lab/cosci' });
  });

  it.each([['--port', 'abc'], ['--port', '70000'], ['--port', '-1'], ['--bogus'], ['--data-dir', ' ']])('refuses %j', (...argv) => {
    expect(() => parseWebOptions(argv)).toThrow(UsageError);
  });
});
