// The files of the built renderer as the app:// protocol serves them: only from its folder,
// with the CSP on every answer. A request that would leave the folder (`..` in any spelling,
// `%2e%2e`, an encoded slash or backslash, a symlink pointing out) is refused, not resolved.
// Plain Node (a Request in, a Response out), so it is tested without Electron.
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { isAppUrl } from './app-origin';
import { CONTENT_SECURITY_POLICY } from './csp';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

const answer = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });

/**
 * The file under `root` that `url` names, or undefined when it names none there. Only `/` stands
 * for index.html: every other path is a file, so nothing the page did not build is answered.
 */
export function rendererPath(root: string, url: string): string | undefined {
  if (!isAppUrl(url)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined; // malformed escapes
  }
  // After decoding, a `..` segment or a backslash can only come from an escape meant to slip
  // past the URL parser's own normalisation.
  if (path.includes('\0') || path.includes('\\')) return undefined;
  if (path.split('/').some((segment) => segment === '..')) return undefined;
  const wanted = path === '/' ? '/index.html' : path;
  const file = resolve(root, `.${wanted}`);
  return inside(root, file) ? file : undefined;
}

const inside = (root: string, file: string) => {
  const rel = relative(root, file);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/** The protocol handler: `protocol.handle('app', serveRenderer(root))`. */
export function serveRenderer(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'not allowed');
    const file = rendererPath(root, request.url);
    if (!file) return answer(403, 'refused');
    try {
      // A link inside the folder may not lead out of it.
      const [real, realRoot] = await Promise.all([realpath(file), realpath(root)]);
      if (!inside(realRoot, real) || !(await stat(real)).isFile()) return answer(404, 'not found');
      const body = await readFile(real);
      const type = TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream';
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...HEADERS, 'Content-Type': type },
      });
    } catch {
      return answer(404, 'not found');
    }
  };
}
