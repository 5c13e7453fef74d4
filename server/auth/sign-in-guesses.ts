import type { GuessWindowRecord } from '../storage/access-repositories';
import type { Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';

export interface LockoutPolicy {
  /** passphrases compared per client address within one window */
  maxGuesses: number;
  windowMs: number;
}

/** Five guesses per address per ten minutes, at sign-in and in Settings alike. */
export const SIGN_IN_LOCKOUT: LockoutPolicy = { maxGuesses: 5, windowMs: 10 * 60_000 };

export type GuessDecision =
  { admitted: true; window: GuessWindowRecord } | { admitted: false; retryAfterSeconds: number };

/**
 * Whether one more passphrase from this address may be compared, and the window that counts it.
 * The guess is spent by being admitted, whatever the comparison later says: counting only failures,
 * after the slow comparison, let every guess of a simultaneous burst through.
 */
export function admitGuess(current: GuessWindowRecord | null, now: number, policy: LockoutPolicy): GuessDecision {
  const endsAt = current ? current.startedAt + policy.windowMs : 0;
  if (!current || endsAt <= now) return { admitted: true, window: { guesses: 1, startedAt: now } };
  if (current.guesses >= policy.maxGuesses)
    return { admitted: false, retryAfterSeconds: Math.ceil((endsAt - now) / 1000) };
  return { admitted: true, window: { guesses: current.guesses + 1, startedAt: current.startedAt } };
}

export type GuessOutcome = { locked: false; matched: boolean } | { locked: true; retryAfterSeconds: number };

/**
 * The lockout on every route that takes a passphrase. The count lives in the ledger: it survives a
 * restart, and instances sharing a PostgreSQL ledger share it.
 */
export class SignInGuesses {
  /** One reservation at a time per process, so a burst never makes PostgreSQL's serializable transactions fight over one row. */
  private reserving: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly policy = SIGN_IN_LOCKOUT,
  ) {}

  /**
   * Spends one of `client`'s guesses, then runs `compare` (the slow scrypt comparison) only if one
   * was left. A match clears the address's count: whoever holds the passphrase starts afresh.
   */
  async guess(client: string, compare: () => Promise<boolean>): Promise<GuessOutcome> {
    const decision = await this.reserve(client);
    if (!decision.admitted) return { locked: true, retryAfterSeconds: decision.retryAfterSeconds };
    const matched = await compare();
    if (matched) await this.storage.write((uow) => uow.signInGuesses.delete(client));
    return { locked: false, matched };
  }

  private reserve(client: string): Promise<GuessDecision> {
    const reserved = this.reserving.then(() =>
      this.storage.write(async (uow) => {
        const now = this.clock.now();
        await uow.signInGuesses.deleteStartedBefore(now - this.policy.windowMs);
        const decision = admitGuess(await uow.signInGuesses.find(client), now, this.policy);
        if (decision.admitted) await uow.signInGuesses.put(client, decision.window);
        return decision;
      }),
    );
    this.reserving = reserved.catch(() => undefined);
    return reserved;
  }
}
