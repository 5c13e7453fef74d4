import { isTillWalletSettled, type TillWalletSession } from '../../contract/till-wallet';
import type { SettingsStore } from '../settings/settings-store';
import type { Clock } from '../util/clock';
import { TILL_SESSION_KEY_PREFIX, tillSessionKeyPrefix } from './ledger-storage';
import { TillWalletConnection, type TillWalletSessionDeps } from './till-wallet-session';

/** Open sessions at once: a till has one payment on screen; this only stops a runaway client. */
export const MAX_TILL_WALLET_SESSIONS = 50;

interface Entry {
  session: TillWalletConnection;
  /** the payment's expiry: past it nothing can be paid, so the session ends as expired */
  endsAt: number;
}

/** What GET answers for a payment whose session the service's restart cut short. */
const ENDED_BY_RESTART: TillWalletSession = {
  state: 'ended',
  link: '',
  wallet: null,
  reason: 'The service restarted, which ended the wallet session',
};

/**
 * The till's wallet sessions, one per payment, in memory (the SDK's own state is in the ledger).
 * A session ends when the till says so (DELETE), when too many are open (the oldest first), or as
 * expired when its payment expires (kept, so the till reads why, until the till ends it); each end
 * disconnects the wallet and deletes the session's keys. Sessions do not outlive the service: its
 * next start deletes the keys a stopped or crashed service left, and answers `ended` for them.
 */
export class TillWalletSessions {
  private readonly sessions = new Map<string, Entry>();
  /** payments whose session the last restart cut short: the till is told, then starts again */
  private readonly cutByRestart = new Set<string>();
  private readonly swept: Promise<void>;

  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsStore,
    /** instances share the ledger (PostgreSQL): another one's keys are not this start's to delete */
    sharedLedger: boolean,
    onSweepError: (err: unknown) => void,
  ) {
    this.swept = sharedLedger ? Promise.resolve() : this.sweepAtStart().catch(onSweepError);
  }

  /** Deletes every till session key in the ledger (none is in use yet) and remembers whose sessions they were. */
  private async sweepAtStart(): Promise<void> {
    const keys = await this.settings.deleteStartingWith(TILL_SESSION_KEY_PREFIX);
    for (const key of keys) this.cutByRestart.add(key.slice(TILL_SESSION_KEY_PREFIX.length).split('.')[0]!);
  }

  /** The running session of this payment; a settled one other than approved is replaced, so the till can try again. */
  async start(paymentId: string, endsAt: number, deps: () => TillWalletSessionDeps): Promise<TillWalletConnection> {
    // the SDK and what it brings (tens of MiB resident) load with the first session, not with every service
    const sdk = await import('@tonconnect/sdk');
    await this.prune();
    const running = this.sessions.get(paymentId)?.session;
    running?.checkDeadline();
    if (running && (!isTillWalletSettled(running.current) || running.current === 'approved')) return running;
    if (running) await this.end(paymentId);
    this.cutByRestart.delete(paymentId);
    // what a session cut short by a restart left (on a shared ledger the start sweep leaves it)
    await this.settings.deleteStartingWith(tillSessionKeyPrefix(paymentId));
    while (this.sessions.size >= MAX_TILL_WALLET_SESSIONS) await this.end(this.sessions.keys().next().value!);
    const session = new TillWalletConnection(paymentId, deps(), sdk);
    this.sessions.set(paymentId, { session, endsAt });
    return session;
  }

  /** Where the payment's session stands, or null when it has none. */
  async view(paymentId: string): Promise<TillWalletSession | null> {
    await this.prune();
    const session = this.sessions.get(paymentId)?.session;
    if (session) {
      session.checkDeadline();
      return session.view();
    }
    return this.cutByRestart.has(paymentId) ? ENDED_BY_RESTART : null;
  }

  /** Ends the payment's session, if it has one; true when it had. */
  async end(paymentId: string): Promise<boolean> {
    this.cutByRestart.delete(paymentId);
    const entry = this.sessions.get(paymentId);
    if (!entry) return false;
    this.sessions.delete(paymentId);
    await entry.session.end();
    return true;
  }

  /** The service stops: every wallet is let go, and the keys stay for the next start to find (sweepAtStart). */
  async endAll(): Promise<void> {
    const entries = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(entries.map((entry) => entry.session.end({ keepKeys: true })));
  }

  /** Sessions whose payment expired end as expired; the till reads that until it ends them. */
  private async prune(): Promise<void> {
    await this.swept;
    const now = this.clock.now();
    for (const entry of this.sessions.values()) if (entry.endsAt <= now) await entry.session.expire();
  }
}
