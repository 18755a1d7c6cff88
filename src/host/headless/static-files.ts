// Serves the built renderer (out/renderer) read-only, never outside its folder.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  /** Hashed asset names never change content: cache them; never cache the page itself. */
  immutable: boolean;
}

/** The file for a URL path, or null when it does not exist or would escape `root`. */
export async function resolveStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const info = await stat(full);
    if (!info.isFile()) return null;
    const ext = extname(full).toLowerCase();
    return {
      body: await readFile(full),
      contentType: MIME[ext] ?? 'application/octet-stream',
      immutable: relative.startsWith('assets/'),
    };
  } catch {
    return null;
  }
}
