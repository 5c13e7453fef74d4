import type { Database, Statement } from 'better-sqlite3';
import type { AuditEntry, AuditRepository, NewAuditEntry } from '../audit-repositories';
import { auditFromRow, type AuditRow } from '../stored-rows';

export class SqliteAudit implements AuditRepository {
  private readonly appendStmt: Statement<[number, string, string, string | null, string | null]>;
  private readonly pageStmt: Statement<[number, number], AuditRow>;

  constructor(db: Database) {
    this.appendStmt = db.prepare(
      'INSERT INTO audit_log (at, actor, action, target, detail_json) VALUES (?, ?, ?, ?, ?)',
    );
    this.pageStmt = db.prepare(
      'SELECT seq, at, actor, action, target, detail_json FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT ?',
    );
  }

  async append(entry: NewAuditEntry): Promise<void> {
    this.appendStmt.run(
      entry.at,
      entry.actor,
      entry.action,
      entry.target,
      entry.detail === null ? null : JSON.stringify(entry.detail),
    );
  }

  async page(beforeSeq: number | null, limit: number): Promise<AuditEntry[]> {
    return this.pageStmt.all(beforeSeq ?? Number.MAX_SAFE_INTEGER, limit).map(auditFromRow);
  }
}
