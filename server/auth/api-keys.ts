import { hash as digest } from 'node:crypto';
import type { ApiKeyRecord } from '../storage/access-repositories';
import { SERVICE_ACTOR } from '../storage/audit-repositories';
import type { Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId, randomToken } from '../util/ids';

export type { ApiKeyRecord };

const KEY_PREFIX = 'tt_';
// Every merchant request presents a key; a short-lived cache of verified keys saves a query per
// request. Revocation through this store evicts at once; the TTL bounds staleness for anything else.
const VERIFIED_TTL_MS = 10_000;
const LAST_USED_RESOLUTION_MS = 60_000;

/** Keys carry 256 random bits, so a fast hash is enough: there is nothing to brute-force. */
export const hashApiKey = (key: string): string => digest('sha256', key);

export class ApiKeyStore {
  private readonly lastTouched = new Map<string, number>();
  private readonly verified = new Map<string, { record: ApiKeyRecord; until: number }>();
  /** counts revocations: a lookup that overlapped one must not cache what it read */
  private revocations = 0;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /** Returns the only copy of the secret; the store keeps its hash, and the audit log who made it (never the key). */
  async create(name: string, actor = SERVICE_ACTOR): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = `${KEY_PREFIX}${randomToken(32)}`;
    const record: ApiKeyRecord = {
      id: newId('key'),
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      createdAt: this.clock.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.storage.write(async (uow) => {
      await uow.apiKeys.insert(record, hashApiKey(key));
      await uow.audit.append({
        at: record.createdAt,
        actor,
        action: 'api_key.create',
        target: record.id,
        detail: { name },
      });
    });
    return { key, record };
  }

  /** The live key record for a presented secret, or null when unknown or revoked. */
  async verify(key: string): Promise<ApiKeyRecord | null> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
    const hash = hashApiKey(key);
    const now = this.clock.now();
    const cached = this.verified.get(hash);
    let record = cached && cached.until > now ? cached.record : null;
    if (!record) {
      const revocations = this.revocations;
      record = await this.storage.read((view) => view.apiKeys.findByHash(hash));
      if (record && revocations === this.revocations) this.remember(hash, record, now);
    }
    if (!record || record.revokedAt !== null) return null;
    // last_used_at is informational; writing it on every request would cost a disk write per call
    if (now - (this.lastTouched.get(record.id) ?? 0) >= LAST_USED_RESOLUTION_MS) await this.touch(record.id, now);
    return record;
  }

  private remember(hash: string, record: ApiKeyRecord, now: number): void {
    if (this.verified.size > 1_000) this.verified.clear();
    this.verified.set(hash, { record, until: now + VERIFIED_TTL_MS });
  }

  private async touch(id: string, now: number): Promise<void> {
    this.lastTouched.set(id, now);
    await this.storage.write((uow) => uow.apiKeys.touch(id, now));
  }

  async revoke(id: string, actor = SERVICE_ACTOR): Promise<boolean> {
    const revoked = await this.storage.write(async (uow) => {
      const now = this.clock.now();
      if (!(await uow.apiKeys.revoke(id, now))) return false;
      await uow.audit.append({ at: now, actor, action: 'api_key.revoke', target: id, detail: null });
      return true;
    });
    // evicted once the revocation is durable, so no lookup running meanwhile puts the key back
    this.revocations += 1;
    for (const [hash, entry] of this.verified) if (entry.record.id === id) this.verified.delete(hash);
    return revoked;
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.storage.read((view) => view.apiKeys.list());
  }
}
