// A minimal JSON-over-HTTPS caller for tests: it pins the sandbox certificate (the same trust a
// real client gets) and never turns verification off.
import { Agent, request } from 'node:https';

export interface JsonResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  /** Raw text sent as the body instead of JSON (for malformed-body tests). */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
}

export class HttpsJson {
  readonly agent: Agent;

  constructor(
    readonly baseUrl: string,
    ca: string,
  ) {
    this.agent = new Agent({ ca, keepAlive: true, maxSockets: 16 });
  }

  call(method: string, path: string, options: CallOptions = {}): Promise<JsonResponse> {
    const url = new URL(path, this.baseUrl);
    const payload =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            // Explicit length: Node sends a GET body neither chunked nor sized otherwise.
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': String(Buffer.byteLength(payload)),
                }),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = undefined;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
