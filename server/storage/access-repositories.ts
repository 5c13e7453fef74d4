/** An API key as stored: never the secret, only what identifies and describes it. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ApiKeyReads {
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** newest first */
  list(): Promise<ApiKeyRecord[]>;
}

export interface ApiKeyRepository extends ApiKeyReads {
  insert(record: ApiKeyRecord, keyHash: string): Promise<void>;
  touch(id: string, at: number): Promise<void>;
  /** false when there was no live key to revoke */
  revoke(id: string, at: number): Promise<boolean>;
}

export type SessionKind = 'login_link' | 'session';

/** Whose a session or login link is: no cashier means the owner's. */
export interface SessionHolder {
  cashierId: string | null;
  /** the cashier's name, read with the session so a request needs one lookup */
  cashierName: string | null;
}

export interface SessionReads {
  /** the holder of a session (not a login link) that has not expired and whose cashier is not revoked, or null */
  findLiveSession(tokenHash: string, now: number): Promise<SessionHolder | null>;
}

export interface SessionRepository extends SessionReads {
  insert(
    tokenHash: string,
    kind: SessionKind,
    createdAt: number,
    expiresAt: number,
    cashierId: string | null,
  ): Promise<void>;
  /** Marks an unused, unexpired login link used and says whose it was; null when there was none (a link works once). */
  consumeLoginLink(tokenHash: string, now: number): Promise<{ cashierId: string | null } | null>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session and unused link of a cashier (revoked) */
  deleteForCashier(cashierId: string): Promise<void>;
}

/** A cashier as listed: never the passphrase or its hash, only whether one is set. */
export interface CashierRecord {
  id: string;
  name: string;
  hasPassphrase: boolean;
  createdAt: number;
  lastSignInAt: number | null;
  revokedAt: number | null;
}

export interface CashierReads {
  /** newest first, revoked ones included */
  list(): Promise<CashierRecord[]>;
  findLive(id: string): Promise<CashierRecord | null>;
  /** a live cashier's stored passphrase (console-passphrase.ts's JSON), by name, case-insensitive */
  passphraseByName(name: string): Promise<{ id: string; passphraseHash: string } | null>;
  /** whether any live cashier has a passphrase (the sign-in page then shows its form) */
  anyPassphrase(): Promise<boolean>;
}

export interface CashierRepository extends CashierReads {
  /** false when a live cashier already has this name */
  insert(record: CashierRecord, passphraseHash: string | null): Promise<boolean>;
  /** false when there is no live cashier with this id */
  setPassphrase(id: string, passphraseHash: string | null): Promise<boolean>;
  touchSignIn(id: string, at: number): Promise<void>;
  /** false when there was no live cashier to revoke */
  revoke(id: string, at: number): Promise<boolean>;
}

export interface SettingReads {
  get(key: string): Promise<unknown>;
}

/** Small key/value settings; values are anything JSON can carry. */
export interface SettingRepository extends SettingReads {
  set(key: string, value: unknown, at: number): Promise<void>;
  /** Removes every key that starts with `prefix`; the keys it removed (a till wallet session's, say). */
  deleteStartingWith(prefix: string): Promise<string[]>;
}

/** Passphrase guesses from one client address within the current lockout window. */
export interface GuessWindowRecord {
  guesses: number;
  startedAt: number;
}

export interface SignInGuessReads {
  find(client: string): Promise<GuessWindowRecord | null>;
}

/** The lockout's counters: kept in the ledger so a restart forgets none and every instance shares them. */
export interface SignInGuessRepository extends SignInGuessReads {
  put(client: string, window: GuessWindowRecord): Promise<void>;
  delete(client: string): Promise<void>;
  /** windows that began at or before `cutoff` are over: nothing needs them */
  deleteStartedBefore(cutoff: number): Promise<void>;
}
