import { isTillWalletSettled } from '../../contract/till-wallet';
import type { Clock } from '../util/clock';
import { TillWalletConnection, type TillWalletSessionDeps } from './till-wallet-session';

/** Open sessions at once: a till has one payment on screen; this only stops a runaway client. */
export const MAX_TILL_WALLET_SESSIONS = 50;

interface Entry {
  session: TillWalletConnection;
  /** the payment's expiry: past it nothing can be paid, so the session is ended */
  endsAt: number;
}

/**
 * The till's wallet sessions, one per payment, in memory (the SDK's own state is in the ledger).
 * A session ends when the till says so (DELETE), when its payment expires, or when too many are open
 * (the oldest first); each end disconnects the wallet and clears the session's keys.
 */
export class TillWalletSessions {
  private readonly sessions = new Map<string, Entry>();

  constructor(private readonly clock: Clock) {}

  /** The running session of this payment; a settled one other than approved is replaced, so the till can try again. */
  async start(paymentId: string, endsAt: number, deps: () => TillWalletSessionDeps): Promise<TillWalletConnection> {
    // the SDK and what it brings (tens of MiB resident) load with the first session, not with every service
    const sdk = await import('@tonconnect/sdk');
    await this.prune();
    const running = this.sessions.get(paymentId)?.session;
    if (running && (!isTillWalletSettled(running.current) || running.current === 'approved')) return running;
    if (running) await this.end(paymentId);
    while (this.sessions.size >= MAX_TILL_WALLET_SESSIONS) await this.end(this.sessions.keys().next().value!);
    const session = new TillWalletConnection(paymentId, deps(), sdk);
    this.sessions.set(paymentId, { session, endsAt });
    return session;
  }

  async get(paymentId: string): Promise<TillWalletConnection | null> {
    await this.prune();
    return this.sessions.get(paymentId)?.session ?? null;
  }

  /** Ends the payment's session, if it has one; true when it had. */
  async end(paymentId: string): Promise<boolean> {
    const entry = this.sessions.get(paymentId);
    if (!entry) return false;
    this.sessions.delete(paymentId);
    await entry.session.end();
    return true;
  }

  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
  }

  private async prune(): Promise<void> {
    const now = this.clock.now();
    for (const [id, entry] of this.sessions) if (entry.endsAt <= now) await this.end(id);
  }
}
