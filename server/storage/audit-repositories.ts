/**
 * One line of the audit log: who (`actor`: 'owner', 'cashier:<name>', 'api', 'service') did what
 * (`action`, e.g. 'refund.create') to what (`target`, an id or a setting's name). `detail` carries
 * only what helps a reader; never a secret (passphrase, token, key, webhook secret).
 */
export interface AuditEntry {
  seq: number;
  at: number;
  actor: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
}

export type NewAuditEntry = Omit<AuditEntry, 'seq'>;

export interface AuditReads {
  /** newest first: up to `limit` entries older than `beforeSeq` (all when null) */
  page(beforeSeq: number | null, limit: number): Promise<AuditEntry[]>;
}

/** Append-only: written in the unit of work of the change it records, so both commit or neither does. */
export interface AuditRepository extends AuditReads {
  append(entry: NewAuditEntry): Promise<void>;
}

/** The actor of a change no person asked for through the console or the API (scripts, tests, the service itself). */
export const SERVICE_ACTOR = 'service';
