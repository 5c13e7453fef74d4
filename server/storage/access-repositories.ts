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

export interface SessionReads {
  /** a session (not a login link) that has not expired */
  isLiveSession(tokenHash: string, now: number): Promise<boolean>;
}

export interface SessionRepository extends SessionReads {
  insert(tokenHash: string, kind: SessionKind, createdAt: number, expiresAt: number): Promise<void>;
  /** Marks an unused, unexpired login link used; false when there was none (a link works once). */
  consumeLoginLink(tokenHash: string, now: number): Promise<boolean>;
  delete(tokenHash: string): Promise<void>;
}

export interface SettingReads {
  get(key: string): Promise<unknown>;
}

/** Small key/value settings; values are anything JSON can carry. */
export interface SettingRepository extends SettingReads {
  set(key: string, value: unknown, at: number): Promise<void>;
}
