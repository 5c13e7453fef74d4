import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  /** lower-case names; repeated headers joined with ", " */
  headers: Record<string, string>;
  raw: string;
  event: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  path: string;
}

export interface Reply {
  status: number;
  body?: string;
  /** hold the answer this long (a slow receiver) */
  delayMs?: number;
}

/** A real HTTP receiver on 127.0.0.1 that records what arrives and answers as told. */
export class Receiver {
  readonly received: Received[] = [];
  reply: (r: Received) => Reply = () => ({ status: 200, body: 'ok' });
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  port = 0;

  static async start(port = 0): Promise<Receiver> {
    const receiver = new Receiver();
    await receiver.listen(port);
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Listens again on the same port (the receiver comes back up). */
  async listen(port = this.port): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req.headers, req.url ?? '/', Buffer.concat(chunks).toString('utf8'), res));
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  private handle(headers: IncomingHttpHeaders, path: string, raw: string, res: ServerResponse): void {
    let event: Received['event'];
    try {
      event = JSON.parse(raw) as Received['event'];
    } catch {
      res.writeHead(400).end('not json');
      return;
    }
    const flat = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    );
    const received: Received = { headers: flat, raw, event, path };
    const reply = this.reply(received);
    const answer = () => {
      if (reply.status >= 200 && reply.status < 300) this.received.push(received);
      res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
    };
    if (!reply.delayMs) return answer();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!res.destroyed) answer();
    }, reply.delayMs);
    this.timers.add(timer);
  }

  /** Goes down: closes the listener and every open connection. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Polls `check` until it returns true; fails with `what` after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each payment's event ids in arrival order (first arrival of each id), to compare with the ledger's order. */
export function arrivalOrderByPayment(received: readonly Received[]): Map<string, string[]> {
  const seen = new Set<string>();
  const byPayment = new Map<string, string[]>();
  for (const r of received) {
    if (seen.has(r.event.id)) continue;
    seen.add(r.event.id);
    // a refund.* event carries its payment beside the refund
    const payment = r.event.type.startsWith('refund.')
      ? (r.event.data.payment as { id?: unknown } | undefined)
      : r.event.data;
    const paymentId = typeof payment?.id === 'string' && /^(payment|refund)\./.test(r.event.type) ? payment.id : null;
    if (!paymentId) continue;
    byPayment.set(paymentId, [...(byPayment.get(paymentId) ?? []), r.event.id]);
  }
  return byPayment;
}
