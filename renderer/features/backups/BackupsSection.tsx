import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  BACKUP_KEEP_MAX,
  BACKUP_KEEP_MIN,
  type BackupFile,
  type BackupKind,
  type BackupView,
} from '../../../contract/backups';
import type { LedgerInfo } from '../../../contract/console';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectBackupProblem, selectBackups, selectBackupsActions, selectIsBackingUp, selectLedger } from './slice';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { Skeleton } from '../../components/Empty';

const KIND_LABEL: Record<BackupKind, string> = {
  automatic: 'Daily',
  manual: 'Manual (Back up now)',
  'before-migration': 'Before an upgrade',
  'before-restore': 'Before a restore',
};

const formatBytes = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The folder and how many to keep; a refusal shows beside the field it names. */
function BackupSettingsForm({ view }: { view: BackupView }) {
  const problem = useConsoleStore(selectBackupProblem);
  const { saveBackupSettings } = useConsoleStore(useShallow(selectBackupsActions));
  const [folder, setFolder] = useState(view.settings.folder);
  const [keep, setKeep] = useState(String(view.settings.keep));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveBackupSettings({ folder: folder.trim(), keep: Number(keep) });
  };
  const folderProblem = problem?.field === 'folder' ? problem.message : null;
  const keepProblem = problem?.field === 'keep' ? problem.message : null;
  return (
    <form className="backup-form" onSubmit={submit} noValidate>
      <label>
        <span>Backup folder</span>
        <input
          value={folder}
          spellCheck={false}
          aria-invalid={folderProblem !== null}
          aria-describedby="backup-folder-help"
          onChange={(e) => setFolder(e.target.value)}
        />
      </label>
      <p id="backup-folder-help" className={folderProblem ? 'field-error' : 'muted small'}>
        {folderProblem ?? `An absolute path, ideally on another disk. Default: ${view.defaultFolder}`}
      </p>
      <label>
        <span>Keep the last</span>
        <input
          type="number"
          inputMode="numeric"
          min={BACKUP_KEEP_MIN}
          max={BACKUP_KEEP_MAX}
          value={keep}
          aria-invalid={keepProblem !== null}
          aria-describedby="backup-keep-help"
          onChange={(e) => setKeep(e.target.value)}
        />
      </label>
      <p id="backup-keep-help" className={keepProblem ? 'field-error' : 'muted small'}>
        {keepProblem ??
          `Daily backups (${BACKUP_KEEP_MIN}–${BACKUP_KEEP_MAX}); older ones are deleted. Copies made before an upgrade or a restore are never deleted.`}
      </p>
      <button type="submit" className="btn btn-primary">
        Save
      </button>
    </form>
  );
}

function BackupRow({ file, disabled }: { file: BackupFile; disabled: boolean }) {
  const { restoreBackup } = useConsoleStore(useShallow(selectBackupsActions));
  return (
    <tr data-backup={file.name}>
      <td title={file.name}>{formatDateTime(file.createdAt)}</td>
      <td>{KIND_LABEL[file.kind]}</td>
      <td>{formatBytes(file.bytes)}</td>
      <td>
        <ConfirmButton
          label="Restore this one…"
          className="btn btn-small"
          disabled={disabled}
          title={`Restore the backup of ${formatDateTime(file.createdAt)}?`}
          confirmLabel="Restore at next start"
          keepLabel="Don't restore"
          danger
          onConfirm={() => void restoreBackup(file.name)}
        >
          <p>
            The backup is checked, then replaces the ledger when TonTill restarts. Payments recorded after{' '}
            {formatDateTime(file.createdAt)} are not in it; the current ledger is kept in the backup folder.
          </p>
          <p>Until the restart TonTill accepts no changes.</p>
        </ConfirmButton>
      </td>
    </tr>
  );
}

/** A ledger backed up outside TonTill (PostgreSQL's pg_dump): this says how and, on a shared ledger, which instance this is. */
function ExternalBackups({ ledger }: { ledger: LedgerInfo }) {
  return (
    <section className="card" id="backups" aria-labelledby="backups-title" data-testid="backups-postgres">
      <h2 id="backups-title">Backups</h2>
      <p>
        This store keeps its ledger in PostgreSQL, shared by its instances, so backups are not made here. Back it up
        with <code>pg_dump</code> on a schedule; to restore, stop every instance and <code>pg_restore</code> into an
        empty database. See &ldquo;Running on PostgreSQL&rdquo; in the README.
      </p>
      {ledger.capabilities.sharedLedger ? (
        <dl className="facts">
          <dt>This instance</dt>
          <dd data-testid="ledger-instance">
            {ledger.instance ? (
              <>
                <code>{ledger.instance}</code>
                {' · '}
              </>
            ) : null}
            {ledger.watching ? 'watching the chain' : 'standing by'}
          </dd>
        </dl>
      ) : null}
    </section>
  );
}

/** Settings → Backups: where automatic backups go, how many are kept, the last outcome and the folder's backups. */
export function BackupsSection({ restoreStaged }: { restoreStaged: boolean }) {
  const ledger = useConsoleStore(selectLedger);
  const view = useConsoleStore(selectBackups);
  const isBackingUp = useConsoleStore(selectIsBackingUp);
  const { loadBackups, backUpNow } = useConsoleStore(useShallow(selectBackupsActions));
  useEffect(() => {
    void loadBackups();
  }, [loadBackups]);
  if (ledger?.capabilities.backups === 'external') return <ExternalBackups ledger={ledger} />;
  if (!view)
    return (
      <section className="card" id="backups">
        <h2>Backups</h2>
        <Skeleton lines={4} />
      </section>
    );
  const { lastSuccess, lastFailure, nextDueAt } = view.state;
  return (
    <section className="card" id="backups" aria-labelledby="backups-title" data-testid="backups-section">
      <h2 id="backups-title">Backups</h2>
      {lastFailure ? (
        <p className="callout callout-warn" role="alert">
          The last backup failed ({formatDateTime(lastFailure.at)}): {lastFailure.message}
        </p>
      ) : null}
      <dl className="facts">
        <dt>Last backup</dt>
        <dd data-testid="backups-last">{lastSuccess ? formatDateTime(lastSuccess.at) : 'never'}</dd>
        <dt>Next</dt>
        <dd>{nextDueAt ? formatDateTime(nextDueAt) : '—'}</dd>
      </dl>
      <div className="row-actions">
        <button type="button" className="btn" disabled={isBackingUp || restoreStaged} onClick={() => void backUpNow()}>
          {isBackingUp ? 'Backing up…' : 'Back up now'}
        </button>
      </div>
      <table className="table" data-testid="backups-list">
        <thead>
          <tr>
            <th>Taken</th>
            <th>Kind</th>
            <th>Size</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.files.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                No backup in this folder yet.
              </td>
            </tr>
          ) : null}
          {view.files.map((file) => (
            <BackupRow key={file.name} file={file} disabled={restoreStaged} />
          ))}
        </tbody>
      </table>
      <BackupSettingsForm key={`${view.settings.folder}|${view.settings.keep}`} view={view} />
    </section>
  );
}
