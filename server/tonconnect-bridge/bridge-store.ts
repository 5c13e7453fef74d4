/**
 * The loopback TON Connect bridge's message queues (the HTTP bridge protocol, bridge.md): one queue per
 * recipient client id, each message kept until its ttl so a client that reconnects with
 * `last_event_id` gets what it missed. Everything is in memory and bounded: a page on loopback can
 * post to as many made-up client ids as it likes, so both one queue and all of them together have a cap.
 */
import type { Clock } from '../util/clock';

export interface BridgeMessage {
  /** the SSE event id, increasing across every queue */
  id: string;
  /** the sender's client id (hex) */
  from: string;
  /** the sender's base64 body, passed on untouched (it is end-to-end encrypted) */
  message: string;
}

interface Stored extends BridgeMessage {
  seq: bigint;
  expiresAt: number;
}

export interface BridgeLimits {
  /** messages waiting for one recipient */
  perClient: number;
  /** messages waiting for all recipients together */
  total: number;
  /** the longest ttl a sender may ask for, in seconds (the protocol asks bridges for at least 300) */
  maxTtlSeconds: number;
}

export const DEFAULT_BRIDGE_LIMITS: BridgeLimits = { perClient: 100, total: 5_000, maxTtlSeconds: 300 };

export type BridgeListener = (message: BridgeMessage) => void;

/** Why a message could not be queued: the recipient's queue, or the whole bridge, is full. */
export class BridgeFullError extends Error {
  override name = 'BridgeFullError';
}

export class BridgeStore {
  private readonly queues = new Map<string, Stored[]>();
  private readonly listeners = new Map<string, Set<BridgeListener>>();
  private count = 0;
  /**
   * Ids start at the clock's microseconds, so a client that kept an id from before a restart of the
   * service does not skip the new messages (its old id is smaller than any new one).
   */
  private nextSeq: bigint;

  constructor(
    private readonly clock: Clock,
    readonly limits: BridgeLimits = DEFAULT_BRIDGE_LIMITS,
  ) {
    this.nextSeq = BigInt(clock.now()) * 1000n;
  }

  /** Queues `message` from `from` to `to` for `ttlSeconds` and hands it to whoever listens for `to` now. */
  publish(from: string, to: string, message: string, ttlSeconds: number): BridgeMessage {
    this.dropExpired();
    const queue = this.queues.get(to) ?? [];
    if (queue.length >= this.limits.perClient)
      throw new BridgeFullError(`the bridge holds ${this.limits.perClient} messages for this client already`);
    if (this.count >= this.limits.total) throw new BridgeFullError('the bridge is full; try again later');
    const seq = this.nextSeq++;
    const stored: Stored = { id: seq.toString(), seq, from, message, expiresAt: this.clock.now() + ttlSeconds * 1000 };
    queue.push(stored);
    this.queues.set(to, queue);
    this.count++;
    const delivered: BridgeMessage = { id: stored.id, from, message };
    for (const listener of this.listeners.get(to) ?? []) listener(delivered);
    return delivered;
  }

  /**
   * Listens for messages to any of `clientIds`: first those still kept with an id after `lastEventId`
   * (all of them without one), in order, then each new one as it is published. Returns the unsubscribe.
   */
  subscribe(clientIds: readonly string[], lastEventId: bigint | null, listener: BridgeListener): () => void {
    this.dropExpired();
    const missed = clientIds
      .flatMap((id) => this.queues.get(id) ?? [])
      .filter((m) => lastEventId === null || m.seq > lastEventId)
      .sort((a, b) => (a.seq < b.seq ? -1 : 1));
    for (const { id, from, message } of missed) listener({ id, from, message });
    for (const id of clientIds) {
      const set = this.listeners.get(id) ?? new Set<BridgeListener>();
      set.add(listener);
      this.listeners.set(id, set);
    }
    return () => {
      for (const id of clientIds) {
        const set = this.listeners.get(id);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(id);
      }
    };
  }

  /** How many messages the bridge holds now (after dropping the expired ones). */
  size(): number {
    this.dropExpired();
    return this.count;
  }

  private dropExpired(): void {
    const now = this.clock.now();
    for (const [to, queue] of this.queues) {
      const kept = queue.filter((m) => m.expiresAt > now);
      this.count -= queue.length - kept.length;
      if (kept.length === 0) this.queues.delete(to);
      else if (kept.length !== queue.length) this.queues.set(to, kept);
    }
  }
}
