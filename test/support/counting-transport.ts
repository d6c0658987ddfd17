// The real HTTPS transport, counting what it sends: lets a test see retries and token requests
// without replacing anything.
import {
  NodeHttpsTransport,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
} from '../../electron/core/client';

export class CountingTransport implements HttpTransport {
  readonly sent: { method: string; path: string }[] = [];
  private readonly inner: NodeHttpsTransport;

  constructor(caPem?: string) {
    this.inner = new NodeHttpsTransport(caPem);
  }

  send(req: HttpRequest): Promise<HttpResponse> {
    this.sent.push({ method: req.method, path: req.url.pathname });
    return this.inner.send(req);
  }

  count(method: string, path: string): number {
    return this.sent.filter((s) => s.method === method && s.path === path).length;
  }

  close(): void {
    this.inner.close();
  }
}
