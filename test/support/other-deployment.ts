// A deployment that follows only the spec, and decided differently where the spec is silent:
// a small HTTPS server on loopback (with the sandbox's certificate, so clients pin it the
// same way) whose routes a test writes. For the client's fallbacks and its answer checks.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export type Route = (body: unknown) => { status: number; body?: unknown };

export interface OtherDeployment {
  baseUrl: string;
  seen: string[];
  close(): Promise<void>;
}

export async function startOtherDeployment(
  sandboxDataDir: string,
  routes: Record<string, Route>,
): Promise<OtherDeployment> {
  const [key, cert] = await Promise.all([
    readFile(join(sandboxDataDir, 'sandbox-key.pem'), 'utf8'),
    readFile(join(sandboxDataDir, 'sandbox-cert.pem'), 'utf8'),
  ]);
  const seen: string[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'https://x').pathname;
      const name = `${req.method} ${path}`;
      seen.push(name);
      const text = Buffer.concat(chunks).toString('utf8');
      const route =
        routes[name] ??
        Object.entries(routes).find(([pattern]) => new RegExp(`^${pattern}$`).test(name))?.[1];
      const answer = route
        ? route(text ? JSON.parse(text) : undefined)
        : { status: 404, body: { error: 'Not Found', description: name, error_code: 404 } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
