import { hash as digest, timingSafeEqual } from 'node:crypto';
import type { SessionKind } from '../storage/access-repositories';
import type { Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { randomToken } from '../util/ids';
import { actorOfSession, OWNER, type ConsoleActor } from './console-roles';

export const LOGIN_LINK_TTL_MS = 15 * 60_000;
const SESSION_TTL_MS = 12 * 3600_000;

const hashToken = (token: string): string => digest('sha256', `console:${token}`);

/**
 * Console sessions are separate from API keys by construction: a different table, a different
 * header (cookie or bearer), a different hash domain. Neither credential can open the other API.
 * A session or link with a cashier is that cashier's; without one it is the owner's.
 */
export class ConsoleSessions {
  private processTokenHash: Buffer | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  private async issue(uow: UnitOfWork, kind: SessionKind, ttlMs: number, cashierId: string | null): Promise<string> {
    const token = randomToken(32);
    const now = this.clock.now();
    await uow.sessions.insert(hashToken(token), kind, now, now + ttlMs, cashierId);
    return token;
  }

  /** A one-time token for the login link `npm run serve` prints (the owner's). */
  createLoginToken(): Promise<string> {
    return this.storage.write((uow) => this.issue(uow, 'login_link', LOGIN_LINK_TTL_MS, null));
  }

  /** A cashier's one-time sign-in token, made in the unit of work that checked the cashier is live. */
  createCashierLoginToken(uow: UnitOfWork, cashierId: string): Promise<string> {
    return this.issue(uow, 'login_link', LOGIN_LINK_TTL_MS, cashierId);
  }

  /** Trades a login token for a session token of the same holder; a token works once. */
  redeemLoginToken(token: string): Promise<string | null> {
    return this.storage.write(async (uow) => {
      const used = await uow.sessions.consumeLoginLink(hashToken(token), this.clock.now());
      if (!used) return null;
      if (used.cashierId !== null) return this.startCashierSession(uow, used.cashierId);
      return this.issue(uow, 'session', SESSION_TTL_MS, null);
    });
  }

  /** A cashier's session, and their last sign-in; null when the cashier was revoked meanwhile. */
  async startCashierSession(uow: UnitOfWork, cashierId: string): Promise<string | null> {
    if (!(await uow.cashiers.findLive(cashierId))) return null;
    await uow.cashiers.touchSignIn(cashierId, this.clock.now());
    return this.issue(uow, 'session', SESSION_TTL_MS, cashierId);
  }

  /** An owner's session: the desktop app hands one of these to its renderer per launch. */
  createSession(): Promise<string> {
    return this.storage.write((uow) => this.issue(uow, 'session', SESSION_TTL_MS, null));
  }

  /**
   * The credential CLIs of this data directory use (it is written to the owner-only service.json).
   * It lives exactly as long as this process, in memory only: a CLI works for the whole life of the
   * service, and the token is worthless once the service stops.
   */
  processToken(): string {
    const token = randomToken(32);
    this.processTokenHash = Buffer.from(hashToken(token), 'hex');
    return token;
  }

  /** Who holds a live session token, or null (unknown, expired, ended, or its cashier revoked). */
  async identify(token: string): Promise<ConsoleActor | null> {
    if (token.length > 100) return null;
    const hash = hashToken(token);
    if (this.processTokenHash && timingSafeEqual(Buffer.from(hash, 'hex'), this.processTokenHash)) return OWNER;
    const holder = await this.storage.read((view) => view.sessions.findLiveSession(hash, this.clock.now()));
    return holder ? actorOfSession(holder) : null;
  }

  async isValid(token: string): Promise<boolean> {
    return (await this.identify(token)) !== null;
  }

  end(token: string): Promise<void> {
    return this.storage.write((uow) => uow.sessions.delete(hashToken(token)));
  }
}
