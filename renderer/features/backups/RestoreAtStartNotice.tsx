import { useConsoleStore } from '../../store';
import { formatDateTime } from '../../lib/format';
import { selectRestoreAtStart } from './slice';

/**
 * A restore staged for this start that was not applied (refused by the checks at start, or restored
 * but unable to open, so the previous ledger came back): the owner must know the ledger is not the backup.
 */
export function RestoreAtStartNotice() {
  const restore = useConsoleStore(selectRestoreAtStart);
  if (!restore || restore.outcome === 'applied') return null;
  return (
    <p className="callout callout-warn" role="alert" data-testid="restore-at-start">
      Restore not applied ({formatDateTime(restore.at)}): {restore.message} <a href="#/settings">Settings → Backups</a>
    </p>
  );
}
