import type { Database, Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { Clock } from '../util/clock';
import { newId, randomToken } from '../util/ids';

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

const KEY_PREFIX = 'tt_';
// Every merchant request presents a key; a short-lived cache of verified keys saves a query per
// request. Revocation through this store evicts at once; the TTL bounds staleness for anything else.
const VERIFIED_TTL_MS = 10_000;
// last_used_at is informational; writing it on every request would cost a disk write per call.
const LAST_USED_RESOLUTION_MS = 60_000;

/** Keys carry 256 random bits, so a fast hash is enough: there is nothing to brute-force. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const fromRow = (r: ApiKeyRow): ApiKeyRecord => ({
  id: r.id, name: r.name, prefix: r.prefix, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at,
});

export class ApiKeyStore {
  private readonly insertStmt: Statement;
  private readonly byHashStmt: Statement<[string], ApiKeyRow>;
  private readonly touchStmt: Statement<[number, string]>;
  private readonly revokeStmt: Statement<[number, string]>;
  private readonly listStmt: Statement<[], ApiKeyRow>;
  private readonly lastTouched = new Map<string, number>();
  private readonly verified = new Map<string, { row: ApiKeyRow; until: number }>();

  constructor(db: Database, private readonly clock: Clock) {
    this.insertStmt = db.prepare('INSERT INTO api_keys (id, name, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?)');
    this.byHashStmt = db.prepare('SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE key_hash = ?');
    this.touchStmt = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
    this.revokeStmt = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
    this.listStmt = db.prepare('SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys ORDER BY created_at DESC');
  }

  /** Returns the only copy of the secret; the store keeps its hash. */
  create(name: string): { key: string; record: ApiKeyRecord } {
    const key = `${KEY_PREFIX}${randomToken(32)}`;
    const record: ApiKeyRecord = {
      id: newId('key'), name, prefix: key.slice(0, KEY_PREFIX.length + 6), createdAt: this.clock.now(), lastUsedAt: null, revokedAt: null,
    };
    this.insertStmt.run(record.id, name, record.prefix, hashApiKey(key), record.createdAt);
    return { key, record };
  }

  /** The live key record for a presented secret, or null when unknown or revoked. */
  verify(key: string): ApiKeyRecord | null {
    if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
    const hash = hashApiKey(key);
    const now = this.clock.now();
    const cached = this.verified.get(hash);
    const row = cached && cached.until > now ? cached.row : this.byHashStmt.get(hash);
    if (!row || row.revoked_at !== null) return null;
    if (!cached || cached.until <= now) this.remember(hash, row, now);
    this.touch(row.id);
    return fromRow(row);
  }

  private remember(hash: string, row: ApiKeyRow, now: number): void {
    if (this.verified.size > 1_000) this.verified.clear();
    this.verified.set(hash, { row, until: now + VERIFIED_TTL_MS });
  }

  private touch(id: string): void {
    const now = this.clock.now();
    if (now - (this.lastTouched.get(id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.lastTouched.set(id, now);
    this.touchStmt.run(now, id);
  }

  revoke(id: string): boolean {
    for (const [hash, entry] of this.verified) if (entry.row.id === id) this.verified.delete(hash);
    return this.revokeStmt.run(this.clock.now(), id).changes === 1;
  }

  list(): ApiKeyRecord[] {
    return this.listStmt.all().map(fromRow);
  }
}
