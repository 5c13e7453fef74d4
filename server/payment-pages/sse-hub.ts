import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { CheckoutStreamEventName, CheckoutStreamEvents } from '../../contract/checkout';
import { SSE_HEADERS } from '../plugins/security-headers';

export interface SseLimits {
  /** streams on one key: one payment's checkout, or the console */
  perKey: number;
  total: number;
  heartbeatMs: number;
}

export const DEFAULT_SSE_LIMITS: SseLimits = { perKey: 20, total: 2_000, heartbeatMs: 15_000 };

/**
 * Takes the reply over as an event stream: the head, and how long the browser waits before it reconnects.
 * Null for HEAD, which has no body: Node would hold its head back until end(), so it is ended at once.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, retryMs: number): ServerResponse | null {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, SSE_HEADERS);
  if (request.method === 'HEAD') {
    res.end();
    return null;
  }
  res.write(`retry: ${retryMs}\n\n`);
  return res;
}

/** One SSE frame; `id` is what the browser sends back as Last-Event-ID when it reconnects. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Open event streams by key (a payment id for the checkout, one key for the console). Every stream
 * leaves the registry when its client goes away, and closeAll() ends the rest so the server can
 * close without waiting for browsers.
 */
export class SseHub {
  private readonly byKey = new Map<string, Set<ServerResponse>>();
  private count = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly limits: SseLimits = DEFAULT_SSE_LIMITS) {}

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  canAccept(key: string): boolean {
    return this.count < this.limits.total && (this.byKey.get(key)?.size ?? 0) < this.limits.perKey;
  }

  add(key: string, res: ServerResponse): void {
    const set = this.byKey.get(key) ?? new Set<ServerResponse>();
    this.byKey.set(key, set);
    set.add(res);
    this.count++;
    res.once('close', () => this.remove(key, res));
    this.heartbeat ??= setInterval(() => this.ping(), this.limits.heartbeatMs).unref();
  }

  /** The checkout's typed status frames. */
  send<E extends CheckoutStreamEventName>(paymentId: string, event: E, data: CheckoutStreamEvents[E]): void {
    this.write(paymentId, sseFrame(event, data));
  }

  /** A frame already built (sseFrame) to every stream on `key`. */
  write(key: string, frame: string): void {
    // a stream ended this turn leaves the registry only on its close event
    for (const res of this.byKey.get(key) ?? []) if (!res.writableEnded) res.write(frame);
  }

  /** Ends the streams on `key` (all of them without a key): the clients reconnect and catch up. */
  closeAll(key?: string): void {
    for (const [k, set] of this.byKey) {
      if (key !== undefined && k !== key) continue;
      for (const res of set) {
        res.end();
        this.remove(k, res);
      }
    }
  }

  private remove(key: string, res: ServerResponse): void {
    const set = this.byKey.get(key);
    if (!set?.delete(res)) return;
    this.count--;
    if (set.size === 0) this.byKey.delete(key);
    if (this.count === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  // A comment line keeps proxies from timing the stream out and reveals dead clients.
  private ping(): void {
    for (const set of this.byKey.values()) for (const res of set) res.write(': ping\n\n');
  }
}
