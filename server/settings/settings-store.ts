import { randomBytes } from 'node:crypto';
import type { Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import type { NewAuditEntry } from '../storage/audit-repositories';

/** Settings as one unit of work sees them: what it reads, its own writes included; all of it commits or none. */
export interface SettingsEdit {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** Small key/value settings kept in the ledger so a backup carries them. */
export class SettingsStore {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  get<T>(key: string): Promise<T | undefined> {
    return this.storage.read(async (view) => (await view.settings.get(key)) as T | undefined);
  }

  /**
   * Stores one setting. With an `actor` (a person's change, not the service's own bookkeeping) the
   * audit log records who changed which setting, in the same unit of work; never the value, which
   * may be a secret or its hash.
   */
  set(key: string, value: unknown, actor?: string): Promise<void> {
    return this.edit((settings) => settings.set(key, value), actor);
  }

  /**
   * Stores one setting with an audit entry that says what happened in the log's own words (who
   * proved which wallet, say) instead of the bare `settings.change`; both commit or neither.
   */
  setAudited(key: string, value: unknown, entry: Omit<NewAuditEntry, 'at'>): Promise<void> {
    return this.storage.write(async (uow) => {
      await uow.settings.set(key, value, this.clock.now());
      await uow.audit.append({ ...entry, at: this.clock.now() });
    });
  }

  /** Removes every setting whose key starts with `prefix` (the service's own bookkeeping); the keys removed. */
  deleteStartingWith(prefix: string): Promise<string[]> {
    return this.storage.write((uow) => uow.settings.deleteStartingWith(prefix));
  }

  /** Reads and rewrites settings in one unit of work, so a change made meanwhile is never lost. */
  edit<T>(work: (settings: SettingsEdit) => Promise<T>, actor?: string): Promise<T> {
    return this.storage.write(async (uow) => {
      const written = new Set<string>();
      const result = await work({
        get: (key) => uow.settings.get(key),
        set: (key, value) => {
          written.add(key);
          return uow.settings.set(key, value, this.clock.now());
        },
      });
      if (actor) {
        for (const key of written)
          await uow.audit.append({ at: this.clock.now(), actor, action: 'settings.change', target: key, detail: null });
      }
      return result;
    });
  }

  /** Rewrites one setting from its current value; `next` returns null when there is nothing to write. */
  change<T>(key: string, next: (current: T | undefined) => T | null, actor?: string): Promise<T | null> {
    return this.edit(async (settings) => {
      const value = next((await settings.get(key)) as T | undefined);
      if (value !== null) await settings.set(key, value);
      return value;
    }, actor);
  }

  /** The stored value, or `create()`'s, stored on first use; callers racing to create it agree on one. */
  async getOrCreate<T>(key: string, create: () => T): Promise<T> {
    const existing = await this.get<T>(key);
    if (existing !== undefined) return existing;
    return this.storage.write(async (uow) => {
      const stored = (await uow.settings.get(key)) as T | undefined;
      if (stored !== undefined) return stored;
      const fresh = create();
      await uow.settings.set(key, fresh, this.clock.now());
      return fresh;
    });
  }

  /** A secret generated on first use and stable afterwards (signing keys). */
  async secret(key: string): Promise<Buffer> {
    return Buffer.from(await this.getOrCreate(key, () => randomBytes(32).toString('base64')), 'base64');
  }
}
