// Serving the built renderer (dist/renderer) and nothing else: a request path maps to a file
// inside that folder or to 404. Paths are rejected rather than normalised, so `..`, encoded
// separators, NUL bytes, hidden files and symlinks that lead outside can never reach a file.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a request path names inside `root`, or null when the path is not one we serve. */
export function resolveStaticPath(root: string, rawUrl: string): string | null {
  const pathPart = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!pathPart.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return null;
  }
  // A backslash is a separator on Windows; a NUL byte truncates paths in some APIs.
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  const resolvedRoot = path.resolve(root);
  const file = path.resolve(resolvedRoot, relative);
  return file.startsWith(resolvedRoot + path.sep) ? file : null;
}

/** Answers a GET/HEAD for a static file; `headers` are added to every response (security headers). */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  headers: Record<string, string>,
): Promise<void> {
  const notFound = (): void => {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  const file = resolveStaticPath(root, req.url ?? '/');
  if (file === null) return notFound();
  let size: number;
  try {
    // A symlink inside the folder must not lead outside it.
    const [realFile, realRoot] = await Promise.all([realpath(file), realpath(root)]);
    if (!realFile.startsWith(realRoot + path.sep)) return notFound();
    const info = await stat(realFile);
    if (!info.isFile()) return notFound();
    size = info.size;
  } catch {
    return notFound();
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': contentTypeFor(file),
    'Content-Length': String(size),
    // Vite fingerprints asset names, but index.html must be re-read after every build.
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
