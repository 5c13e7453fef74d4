import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AuditEntryView } from '../../../contract/console-staff';
import { Skeleton } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectAuditEntries, selectHasMoreAudit, selectIsAuditLoading, selectStaffActions } from '../staff/slice';

/** The detail as a short line: its fields as they were recorded (the service writes no secret there). */
const describeDetail = (detail: AuditEntryView['detail']): string =>
  detail
    ? Object.entries(detail)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' · ')
    : '';

/** The owner's audit log: who refunded, dismissed, changed settings, keys, webhooks or cashiers, newest first. */
export function AuditPage() {
  const entries = useConsoleStore(selectAuditEntries);
  const hasMore = useConsoleStore(selectHasMoreAudit);
  const isLoading = useConsoleStore(selectIsAuditLoading);
  const { loadAudit } = useConsoleStore(useShallow(selectStaffActions));
  useEffect(() => {
    void loadAudit();
  }, [loadAudit]);
  return (
    <>
      <PageHeader title="Audit log">
        <button type="button" className="btn" onClick={() => void loadAudit()}>
          Refresh
        </button>
      </PageHeader>
      <section className="card" aria-label="Audit log">
        {entries.length === 0 && isLoading ? <Skeleton lines={6} /> : null}
        <table className="table" data-testid="audit-log">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th>On</th>
              <th>Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 && !isLoading ? (
              <tr>
                <td colSpan={5} className="muted">
                  Nothing recorded yet.
                </td>
              </tr>
            ) : null}
            {entries.map((e) => (
              <tr key={e.seq} data-action={e.action}>
                <td>{formatDateTime(e.at)}</td>
                <td>{e.actor}</td>
                <td>
                  <code>{e.action}</code>
                </td>
                <td className="truncate">{e.target ? <code>{e.target}</code> : '—'}</td>
                <td className="small">{describeDetail(e.detail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {hasMore ? (
          <button type="button" className="btn" disabled={isLoading} onClick={() => void loadAudit(true)}>
            {isLoading ? 'Loading…' : 'Older entries'}
          </button>
        ) : null}
      </section>
    </>
  );
}
