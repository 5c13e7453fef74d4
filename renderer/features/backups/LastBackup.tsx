import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectBackupState, selectBackupsActions, selectBackupsKind } from './slice';
import { RestoreAtStartNotice } from './RestoreAtStartNotice';

/** The dashboard's backup lines: a restore this start could not apply, then the last backup. */
export function LastBackup() {
  return (
    <>
      <RestoreAtStartNotice />
      <LastBackupLine />
    </>
  );
}

/**
 * The dashboard's "Last backup" line; a failure newer than the last success is a warning with the way to fix it.
 * A ledger in PostgreSQL is backed up with pg_dump, outside TonTill: the line says so (Settings → Backups says how).
 */
function LastBackupLine() {
  const backups = useConsoleStore(selectBackupsKind);
  const state = useConsoleStore(selectBackupState);
  const { loadBackups } = useConsoleStore(useShallow(selectBackupsActions));
  useEffect(() => {
    void loadBackups();
  }, [loadBackups]);
  if (backups === 'external') {
    return (
      <p className="muted last-backup" data-testid="last-backup">
        Backups: pg_dump (PostgreSQL){' · '}
        <a href="#/settings">How</a>
      </p>
    );
  }
  if (!state) return null;
  if (state.lastFailure) {
    return (
      <p className="callout callout-warn last-backup" role="alert" data-testid="last-backup">
        The last backup failed ({formatDateTime(state.lastFailure.at)}): {state.lastFailure.message}.{' '}
        <a href="#/settings">Check Settings → Backups</a>
        {state.lastSuccess ? ` (last good one: ${formatDateTime(state.lastSuccess.at)})` : ''}
      </p>
    );
  }
  return (
    <p className="muted last-backup" data-testid="last-backup">
      Last backup:{' '}
      {state.lastSuccess ? (
        <time dateTime={state.lastSuccess.at}>{formatDateTime(state.lastSuccess.at)}</time>
      ) : (
        'never'
      )}
      {' · '}
      <a href="#/settings">Backups</a>
    </p>
  );
}
