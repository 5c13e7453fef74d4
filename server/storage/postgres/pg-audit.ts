import type { AuditEntry, AuditRepository, NewAuditEntry } from '../audit-repositories';
import { auditFromRow, type AuditRow } from '../stored-rows';
import { at, type PgSql } from './pg-sql';

export class PgAudit implements AuditRepository {
  constructor(private readonly sql: PgSql) {}

  async append(entry: NewAuditEntry): Promise<void> {
    await this.sql.run('INSERT INTO audit_log (at, actor, action, target, detail_json) VALUES ($1, $2, $3, $4, $5)', [
      at(entry.at),
      entry.actor,
      entry.action,
      entry.target,
      entry.detail === null ? null : JSON.stringify(entry.detail),
    ]);
  }

  async page(beforeSeq: number | null, limit: number): Promise<AuditEntry[]> {
    const rows = await this.sql.rows<AuditRow>(
      'SELECT seq, at, actor, action, target, detail_json FROM audit_log WHERE seq < $1 ORDER BY seq DESC LIMIT $2',
      [beforeSeq ?? Number.MAX_SAFE_INTEGER, limit],
    );
    return rows.map(auditFromRow);
  }
}
