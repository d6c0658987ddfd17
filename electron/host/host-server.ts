// Browser mode's server: the built renderer and the DeskApi on 127.0.0.1 only. The launch URL
// carries a per-launch secret; presenting it once sets a cookie that every later request must
// carry. A request without it, from another Origin (a page elsewhere posting here: CSRF), or
// naming another Host (DNS rebinding) gets 403 and nothing else.
//   POST /desk/<method>        JSON input, a DeskReply out, checked both ways by the desk
//   GET  /desk/events          the core's events as server-sent events
//   POST /desk/upload?name=    a sheet streamed to a private file; its path back
//   POST /desk/release         that private file removed
//   POST /desk/export-target   a private path for an export; GET /desk/download?path= fetches it once
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { DeskError, isDeskMethod, type DeskEvent } from '../../shared/desk';
import type { Desk } from '../core/desk';
import { CONTENT_SECURITY_POLICY } from '../shell/csp';
import { PrivateFiles, UploadTooLarge } from './private-files';

export interface HostOptions {
  desk: Desk;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0: any free port. */
  port?: number;
  /** A secret of the caller's (tests); otherwise a new random one. */
  secret?: string;
}

export interface Host {
  /** The address to open: it carries the secret. */
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Headers on every answer of the host: the renderer's CSP, as Electron's protocol sends it. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const JSON_LIMIT_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export async function startHost(options: HostOptions): Promise<Host> {
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const files = await PrivateFiles.create();
  const rendererDir = resolve(options.rendererDir);
  const streams = new Set<ServerResponse>();
  let port = 0;
  const origin = () => `http://127.0.0.1:${port}`;
  const cookieName = () => `payout_desk_${port}`;

  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, failure(error));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin());
    if (!trusted(request, url)) return forbid(response);
    if (url.searchParams.has('k')) {
      // The launch URL: trade the secret for a cookie, and take it out of the address bar.
      response.setHeader(
        'set-cookie',
        `${cookieName()}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
      );
      response.writeHead(303, { location: '/' }).end();
      return;
    }
    const { pathname } = url;
    if (pathname.startsWith('/desk/')) {
      if (pathname === '/desk/events' && request.method === 'GET') return events(response);
      if (pathname === '/desk/download' && request.method === 'GET') return download(url, response);
      if (request.method !== 'POST')
        return reply(response, 405, failure(new DeskError('invalid_input', 'POST only')));
      if (!sameOrigin(request)) return forbid(response);
      return post(pathname.slice('/desk/'.length), url, request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return forbid(response);
    return staticFile(pathname, response);
  }

  /** The right Host, the secret (in the launch URL or the cookie), and no foreign fetch. */
  function trusted(request: IncomingMessage, url: URL): boolean {
    if (request.headers.host !== `127.0.0.1:${port}`) return false;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    const given = url.searchParams.get('k') ?? cookieOf(request, cookieName());
    return given !== undefined && given !== null && equalSecrets(given, secret);
  }

  /** A POST must say it comes from this origin; browsers always send Origin with one. */
  const sameOrigin = (request: IncomingMessage) => request.headers.origin === origin();

  async function post(
    name: string,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (name === 'upload') {
      try {
        const path = await files.upload(request, url.searchParams.get('name') ?? 'sheet');
        return reply(response, 200, { ok: true, value: { path } });
      } catch (error) {
        if (error instanceof UploadTooLarge) {
          return reply(
            response,
            413,
            failure(
              new DeskError(
                'bad_file',
                'The file is far larger than a payee list, so it was not read.',
              ),
            ),
          );
        }
        throw error;
      }
    }
    const body = await readJson(request);
    if (name === 'release') {
      const path = String((body as { path?: unknown }).path ?? '');
      await files.release(path);
      return reply(response, 200, { ok: true, value: {} });
    }
    if (name === 'export-target') {
      const suggested = String((body as { name?: unknown }).name ?? 'export.xlsx');
      return reply(response, 200, {
        ok: true,
        value: { path: await files.exportTarget(suggested) },
      });
    }
    if (!isDeskMethod(name)) {
      return reply(
        response,
        404,
        failure(new DeskError('not_found', `The desk has no method ${name}.`)),
      );
    }
    // A page that goes away mid-call (closed, reloaded) cancels what it started, but a sync:
    // the page asks before it is closed during one, saying the sync goes on here, and opened
    // again shows it running, with its Cancel. Payments half sent are no page's to drop.
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished && name !== 'sync') controller.abort();
    });
    try {
      const value = await options.desk.call(name, body, { signal: controller.signal });
      reply(response, 200, { ok: true, value });
    } catch (error) {
      reply(response, 200, failure(error));
    }
  }

  function events(response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    streams.add(response);
    const heartbeat = setInterval(() => response.write(': still here\n\n'), HEARTBEAT_MS);
    response.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(response);
    });
  }

  const unsubscribe = options.desk.on((event: DeskEvent) => {
    const line = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) stream.write(line);
  });

  async function download(url: URL, response: ServerResponse): Promise<void> {
    const path = url.searchParams.get('path') ?? '';
    if (!files.owns(path))
      return reply(response, 404, failure(new DeskError('not_found', 'No such export.')));
    const name = basename(path);
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      'content-length': (await stat(path)).size,
    });
    const stream = createReadStream(path);
    stream.pipe(response);
    response.on('close', () => void files.release(path));
  }

  async function staticFile(pathname: string, response: ServerResponse): Promise<void> {
    const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).slice(1);
    const path = normalize(join(rendererDir, relative));
    if (path !== rendererDir && !path.startsWith(rendererDir + sep)) return forbid(response);
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'content-length': content.length,
    });
    response.end(content);
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `${origin()}/?k=${secret}`,
    origin: origin(),
    port,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await files.close();
    },
  };
}

function forbid(response: ServerResponse): void {
  response.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function failure(error: unknown) {
  const shaped =
    error instanceof DeskError
      ? error
      : new DeskError('internal', error instanceof Error ? error.message : String(error));
  return { ok: false, error: shaped.toShape() };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > JSON_LIMIT_BYTES) throw new DeskError('invalid_input', 'The request is too large.');
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new DeskError('invalid_input', 'The request is not JSON.');
  }
}

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function equalSecrets(given: string, secret: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}
