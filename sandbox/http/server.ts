// The HTTPS front of the sandbox: reads bodies within a limit, parses JSON, applies faults,
// checks bearer tokens, routes, and always answers JSON (never an HTML page, never a crash).
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal, TokenAuthority } from '../auth';
import { ServiceError, badRequest, beneficiaryKeyRefusal } from './errors';
import type { Faults } from './faults';
import type { RequestContext, Router } from './router';

/** Largest request body accepted: a 1,000-item bulk import is well under 2 MiB. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface ServerParts {
  key: string;
  cert: string;
  router: Router;
  auth: TokenAuthority;
  faults: Faults;
  /** Paths that faults never touch: the admin calls tests use to set the scene. */
  isExemptFromFaults: (path: string) => boolean;
}

export function createSandboxServer(parts: ServerParts): Server {
  const server = createServer({ key: parts.key, cert: parts.cert }, (request, response) => {
    handle(parts, request, response).catch((error: unknown) => {
      process.stderr.write(
        `sandbox: unexpected error: ${String((error as Error)?.stack ?? error)}\n`,
      );
      if (!response.headersSent) send(response, 500, internalError());
      else response.destroy();
    });
  });
  // A request Node's HTTP parser cannot read still gets a JSON answer, not a bare 400.
  server.on('clientError', (_error, socket) => {
    if (!socket.writable) return void socket.destroy();
    const body = JSON.stringify(
      new ServiceError(400, 'bad_request', 'malformed HTTP request').body(),
    );
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.keepAliveTimeout = 30_000;
  return server;
}

async function handle(parts: ServerParts, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'https://sandbox.invalid');
  const method = request.method ?? 'GET';
  const faultsApply = !parts.isExemptFromFaults(url.pathname);
  const fault = faultsApply ? parts.faults.decide() : { kind: 'none' as const };
  try {
    const raw = await readBody(request);
    if (faultsApply && parts.faults.current.latency_ms > 0) {
      await sleep(parts.faults.current.latency_ms);
      // Cut meanwhile (the sandbox stopped, the client gave up): nobody waits for an answer,
      // and the database may be closed by now.
      if (request.socket.destroyed) return;
    }
    if (fault.kind === 'drop_before') return void request.socket.destroy();
    if (fault.kind === 'rate_limit') {
      return send(response, 429, tooManyRequests(fault.retryAfterSeconds), {
        'Retry-After': String(fault.retryAfterSeconds),
      });
    }
    if (fault.kind === 'server_error') return send(response, 503, serviceUnavailable());

    const { route, params } = parts.router.match(method, url.pathname);
    let principal: Principal = { kind: 'account' };
    if (route.auth !== false) {
      const { authorization } = request.headers;
      // The admin calls (those faults never touch) take the account's credentials too.
      const verified =
        !faultsApply && /^Basic\s/i.test(authorization ?? '')
          ? parts.auth.verifyBasic(authorization ?? '')
          : await parts.auth.verify(authorization);
      if ('rejected' in verified) throw new ServiceError(401, 'unauthorized', verified.rejected);
      principal = verified.principal;
    }
    if (principal.kind === 'beneficiary' && route.beneficiaryKey !== true) {
      throw beneficiaryKeyRefusal(principal.beneficiaryId, `${method} ${url.pathname}`);
    }
    const ctx: RequestContext = {
      method,
      path: url.pathname,
      params,
      query: url.searchParams,
      body: parseJson(raw),
      principal,
    };
    const reply = await route.handler(ctx);
    if (fault.kind === 'drop_after') return void request.socket.destroy();
    if (reply.afterSent) response.once('finish', reply.afterSent);
    send(response, reply.status, reply.body, reply.headers);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 413) response.setHeader('Connection', 'close');
    send(response, error.status, error.body());
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume(); // drain what is left so the 413 can be sent
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw badRequest(`malformed JSON body: ${(error as Error).message}`);
  }
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const tooLarge = () =>
  new ServiceError(413, 'payload_too_large', `request body is larger than ${MAX_BODY_BYTES} bytes`);

const tooManyRequests = (seconds: number) =>
  new ServiceError(429, 'too_many_requests', `rate limit reached: retry after ${seconds} s`).body();

const serviceUnavailable = () =>
  new ServiceError(503, 'service_unavailable', 'the service is temporarily unavailable').body();

const internalError = () =>
  new ServiceError(500, 'internal_error', 'the sandbox failed to handle the request').body();
