import type { Database, Statement } from 'better-sqlite3';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../util/clock';
import { randomToken } from '../util/ids';

const LOGIN_LINK_TTL_MS = 15 * 60_000;
const SESSION_TTL_MS = 12 * 3600_000;

const hashToken = (token: string): string => createHash('sha256').update(`console:${token}`).digest('hex');

/**
 * Console sessions are separate from API keys by construction: a different table, a different
 * header (cookie or bearer), a different hash domain. Neither credential can open the other API.
 */
export class ConsoleSessions {
  private readonly insertStmt: Statement<[string, string, number, number]>;
  private readonly consumeStmt: Statement<[number, string, number]>;
  private readonly findStmt: Statement<[string, number], { token_hash: string }>;
  private readonly deleteStmt: Statement<[string]>;
  private processTokenHash: Buffer | null = null;

  constructor(db: Database, private readonly clock: Clock) {
    this.insertStmt = db.prepare('INSERT INTO console_sessions (token_hash, kind, created_at, expires_at) VALUES (?, ?, ?, ?)');
    this.consumeStmt = db.prepare(`UPDATE console_sessions SET used_at = ?
      WHERE token_hash = ? AND kind = 'login_link' AND used_at IS NULL AND expires_at > ?`);
    this.findStmt = db.prepare(`SELECT token_hash FROM console_sessions WHERE token_hash = ? AND kind = 'session' AND expires_at > ?`);
    this.deleteStmt = db.prepare('DELETE FROM console_sessions WHERE token_hash = ?');
  }

  private issue(kind: 'login_link' | 'session', ttlMs: number): string {
    const token = randomToken(32);
    const now = this.clock.now();
    this.insertStmt.run(hashToken(token), kind, now, now + ttlMs);
    return token;
  }

  /** A one-time token for the login link `npm run serve` prints. */
  createLoginToken(): string {
    return this.issue('login_link', LOGIN_LINK_TTL_MS);
  }

  /** Trades a login token for a session token; a token works once. */
  redeemLoginToken(token: string): string | null {
    const used = this.consumeStmt.run(this.clock.now(), hashToken(token), this.clock.now()).changes === 1;
    return used ? this.createSession() : null;
  }

  /** The desktop app hands one of these to its renderer per launch. */
  createSession(): string {
    return this.issue('session', SESSION_TTL_MS);
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

  isValid(token: string): boolean {
    if (token.length > 100) return false;
    const hash = hashToken(token);
    if (this.processTokenHash && timingSafeEqual(Buffer.from(hash, 'hex'), this.processTokenHash)) return true;
    return this.findStmt.get(hash, this.clock.now()) !== undefined;
  }

  end(token: string): void {
    this.deleteStmt.run(hashToken(token));
  }
}
