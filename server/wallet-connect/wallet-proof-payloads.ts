import { randomBytes } from 'node:crypto';
import type { Clock } from '../util/clock';
import type { PayloadStatus } from '../chain/ton-proof';

/** How long a ton_proof payload may wait for the wallet's answer. */
export const PROOF_PAYLOAD_TTL_MS = 15 * 60_000;
/** Owner-only and one per connection attempt: a ceiling so a stuck client cannot grow the map. */
const MAX_OPEN_PAYLOADS = 256;

/**
 * The payloads this process issued, kept in memory: enough for one owner connecting a wallet. A
 * restart forgets them, and then refuses every outstanding proof (safe: connect again). Several
 * instances on one PostgreSQL ledger each know only their own, so the proof must come back to the
 * instance that issued its payload (the console's sticky session, or one instance serving it).
 * A spent payload is remembered until it would have expired, so a replay reads "used", not "unknown".
 */
export class ProofPayloads {
  private readonly issued = new Map<string, { expiresAt: number; used: boolean }>();

  constructor(private readonly clock: Clock) {}

  issue(): { payload: string; expiresAt: number } {
    this.forgetExpired();
    if (this.issued.size >= MAX_OPEN_PAYLOADS) {
      const oldest = this.issued.keys().next().value;
      if (oldest !== undefined) this.issued.delete(oldest);
    }
    const payload = randomBytes(32).toString('hex');
    const expiresAt = this.clock.now() + PROOF_PAYLOAD_TTL_MS;
    this.issued.set(payload, { expiresAt, used: false });
    return { payload, expiresAt };
  }

  status(payload: string): PayloadStatus {
    const entry = this.issued.get(payload);
    if (!entry) return 'unknown';
    if (entry.used) return 'used';
    return this.clock.now() > entry.expiresAt ? 'expired' : 'open';
  }

  /** Spends it: synchronous, so of two proofs racing with one payload only the first finds it open. */
  take(payload: string): PayloadStatus {
    const status = this.status(payload);
    const entry = this.issued.get(payload);
    if (status === 'open' && entry) entry.used = true;
    return status;
  }

  private forgetExpired(): void {
    const now = this.clock.now();
    for (const [payload, entry] of this.issued) if (now > entry.expiresAt) this.issued.delete(payload);
  }
}
