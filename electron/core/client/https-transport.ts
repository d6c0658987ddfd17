// The one place that speaks HTTPS. Certificate and hostname verification are always on; a
// profile's pinned certificate replaces the system roots, it never widens them.
import { Agent, request } from 'node:https';

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface HttpTransport {
  send(req: HttpRequest): Promise<HttpResponse>;
  close(): void;
}

/** Largest answer read: a page of 500 groups or statement items is far below it. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export class NodeHttpsTransport implements HttpTransport {
  private readonly agent: Agent;

  constructor(caPem?: string) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 8, ...(caPem ? { ca: caPem } : {}) });
  }

  send(req: HttpRequest): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        req.url,
        {
          method: req.method,
          agent: this.agent,
          headers: {
            ...req.headers,
            ...(req.body === undefined
              ? {}
              : { 'content-length': String(Buffer.byteLength(req.body)) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) {
              res.destroy(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      outgoing.setTimeout(req.timeoutMs, () => {
        outgoing.destroy(
          Object.assign(new Error(`no answer within ${req.timeoutMs} ms`), { code: 'ETIMEDOUT' }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end(req.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
