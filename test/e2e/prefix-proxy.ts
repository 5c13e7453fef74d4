import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant's web server that mounts TonTill under a path prefix, the way the README tells a
 * merchant to set up nginx or Caddy: requests under `/pay/` go to the service with the prefix
 * stripped (Host kept), the shop's own pages are served from `pages`, and anything else is a 404
 * that is remembered, so a URL that lost the prefix shows up in `misses`.
 */
export class PrefixProxy {
  readonly pages = new Map<string, string>();
  readonly misses: string[] = [];
  /** the service's own URL, set once it listens */
  target = '';
  private constructor(
    private readonly server: Server,
    readonly origin: string,
    readonly prefix: string,
  ) {}

  /** The service's public base URL as the merchant configures it: origin + prefix. */
  get base(): string {
    return `${this.origin}${this.prefix}`;
  }

  static async start(prefix = '/pay'): Promise<PrefixProxy> {
    let proxy: PrefixProxy | null = null;
    const server = createServer((req, res) => proxy?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new PrefixProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, prefix);
    return proxy;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const page = this.pages.get(url.split('?')[0] ?? '');
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
      return;
    }
    const rest = url.slice(this.prefix.length);
    if (!url.startsWith(this.prefix) || !/^(\/|\?|$)/.test(rest)) {
      this.misses.push(url);
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found on the shop: ${url}`);
      return;
    }
    const upstream = request(
      `${this.target}${rest.startsWith('/') ? rest : `/${rest}`}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('bad gateway');
      else res.destroy();
    });
    // An event stream ends when the browser leaves: close the upstream request with it.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
