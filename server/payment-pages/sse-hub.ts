import type { ServerResponse } from 'node:http';
import type { CheckoutStreamEventName, CheckoutStreamEvents } from '../../contract/checkout';
import { API_CSP } from '../plugins/security-headers';

export interface SseLimits {
  perPayment: number;
  total: number;
  heartbeatMs: number;
}

export const DEFAULT_SSE_LIMITS: SseLimits = { perPayment: 20, total: 2_000, heartbeatMs: 15_000 };

/** Hijacked replies skip the onSend hook, so the stream carries the same protective headers itself. */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': API_CSP,
};

/**
 * Open status streams by payment. Every stream leaves the registry when its client goes away, and
 * closeAll() ends the rest so the server can close without waiting for browsers.
 */
export class SseHub {
  private readonly byPayment = new Map<string, Set<ServerResponse>>();
  private count = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly limits: SseLimits = DEFAULT_SSE_LIMITS) {}

  get size(): number {
    return this.count;
  }

  has(paymentId: string): boolean {
    return this.byPayment.has(paymentId);
  }

  canAccept(paymentId: string): boolean {
    return this.count < this.limits.total && (this.byPayment.get(paymentId)?.size ?? 0) < this.limits.perPayment;
  }

  add(paymentId: string, res: ServerResponse): void {
    const set = this.byPayment.get(paymentId) ?? new Set<ServerResponse>();
    this.byPayment.set(paymentId, set);
    set.add(res);
    this.count++;
    res.once('close', () => this.remove(paymentId, res));
    this.heartbeat ??= setInterval(() => this.ping(), this.limits.heartbeatMs).unref();
  }

  send<E extends CheckoutStreamEventName>(paymentId: string, event: E, data: CheckoutStreamEvents[E]): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of this.byPayment.get(paymentId) ?? []) res.write(frame);
  }

  closeAll(): void {
    for (const [paymentId, set] of this.byPayment) {
      for (const res of set) {
        res.end();
        this.remove(paymentId, res);
      }
    }
  }

  private remove(paymentId: string, res: ServerResponse): void {
    const set = this.byPayment.get(paymentId);
    if (!set?.delete(res)) return;
    this.count--;
    if (set.size === 0) this.byPayment.delete(paymentId);
    if (this.count === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  // A comment line keeps proxies from timing the stream out and reveals dead clients.
  private ping(): void {
    for (const set of this.byPayment.values()) for (const res of set) res.write(': ping\n\n');
  }
}
