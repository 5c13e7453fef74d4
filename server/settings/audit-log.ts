import type { AuditEntry } from '../storage/audit-repositories';
import type { Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';

export type { AuditEntry };

/**
 * The audit log as the console reads it, and the entries for changes that are no ledger write of
 * their own (config.json, a staged restore, a cashier's sign-in link). Changes to the ledger record
 * their entry in their own unit of work instead (`uow.audit.append`), so both commit or neither.
 */
export class AuditLog {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  record(
    actor: string,
    action: string,
    target: string | null,
    detail: Record<string, unknown> | null = null,
  ): Promise<void> {
    return this.storage.write((uow) => uow.audit.append({ at: this.clock.now(), actor, action, target, detail }));
  }

  /** Newest first, `limit` entries older than `beforeSeq`. */
  page(beforeSeq: number | null, limit: number): Promise<AuditEntry[]> {
    return this.storage.read((view) => view.audit.page(beforeSeq, limit));
  }
}
