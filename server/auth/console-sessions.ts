import { hash as digest, timingSafeEqual } from 'node:crypto';
import type { SessionKind } from '../storage/access-repositories';
import type { Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { randomToken } from '../util/ids';

export const LOGIN_LINK_TTL_MS = 15 * 60_000;
const SESSION_TTL_MS = 12 * 3600_000;

const hashToken = (token: string): string => digest('sha256', `console:${token}`);

/**
 * Console sessions are separate from API keys by construction: a different table, a different
 * header (cookie or bearer), a different hash domain. Neither credential can open the other API.
 */
export class ConsoleSessions {
  private processTokenHash: Buffer | null = null;

  constructor(private readonly storage: Storage, private readonly clock: Clock) {}

  private async issue(uow: UnitOfWork, kind: SessionKind, ttlMs: number): Promise<string> {
    const token = randomToken(32);
    const now = this.clock.now();
    await uow.sessions.insert(hashToken(token), kind, now, now + ttlMs);
    return token;
  }

  /** A one-time token for the login link `npm run serve` prints. */
  createLoginToken(): Promise<string> {
    return this.storage.write((uow) => this.issue(uow, 'login_link', LOGIN_LINK_TTL_MS));
  }

  /** Trades a login token for a session token; a token works once. */
  redeemLoginToken(token: string): Promise<string | null> {
    return this.storage.write(async (uow) => {
      const used = await uow.sessions.consumeLoginLink(hashToken(token), this.clock.now());
      return used ? this.issue(uow, 'session', SESSION_TTL_MS) : null;
    });
  }

  /** The desktop app hands one of these to its renderer per launch. */
  createSession(): Promise<string> {
    return this.storage.write((uow) => this.issue(uow, 'session', SESSION_TTL_MS));
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

  async isValid(token: string): Promise<boolean> {
    if (token.length > 100) return false;
    const hash = hashToken(token);
    if (this.processTokenHash && timingSafeEqual(Buffer.from(hash, 'hex'), this.processTokenHash)) return true;
    return this.storage.read((view) => view.sessions.isLiveSession(hash, this.clock.now()));
  }

  end(token: string): Promise<void> {
    return this.storage.write((uow) => uow.sessions.delete(hashToken(token)));
  }
}
