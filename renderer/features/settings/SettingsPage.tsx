import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SettingsView } from '../../../contract/console-settings';
import { CopyButton } from '../../components/CopyButton';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { BackupsSection } from '../backups/BackupsSection';
import { CashiersSection } from '../staff/CashiersSection';
import { CatalogueSettings } from '../till/CatalogueSettings';
import { ChainSettingsSection } from '../chain/ChainSettingsSection';
import { DesktopSection } from '../desktop/DesktopSection';
import { Skeleton } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { PassphraseSection } from '../signin/PassphraseSection';
import { StoreProfileSection } from '../brand/StoreProfileSection';
import { TimeZoneSection } from '../close-day/TimeZoneSection';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectBackupsKind } from '../backups/slice';
import { selectApiKeys, selectNewApiKey, selectSettings, selectSettingsActions } from './slice';

/**
 * Where the merchant approves embedding: pages that tried to frame a checkout and were refused by
 * the store's list, each one click from allowed. With no list yet off the sandbox, says what to do.
 */
function EmbeddingRequests({ view }: { view: SettingsView }) {
  const { allowOrigin, dismissRefusedOrigin } = useConsoleStore(useShallow(selectSettingsActions));
  const refused = view.refusedOrigins;
  const unset = view.running.chain.mode !== 'sandbox' && view.allowedOrigins.length === 0;
  if (refused.length === 0 && !unset) return null;
  return (
    <section className="card" aria-labelledby="embedding-title" data-testid="embedding-requests">
      <h2 id="embedding-title">Embedding requests</h2>
      {refused.length === 0 ? (
        <p className="muted">
          No website may embed your checkout yet: widget sessions created without <code>allowedOrigins</code> are
          refused on {view.running.chain.mode}. Add your shop&apos;s origin under <em>Allowed embedding origins</em>, or
          open your shop page: the first website that tries appears here for approval.
        </p>
      ) : (
        <>
          <p>
            These websites tried to embed your checkout and were refused. Allow the ones that are yours; the others can
            be dismissed.
          </p>
          <table className="table">
            <thead>
              <tr>
                <th>Website</th>
                <th>Last tried</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {refused.map((r) => (
                <tr key={r.origin} data-origin={r.origin}>
                  <td>
                    <code>{r.origin}</code>
                  </td>
                  <td title={`First tried ${formatDateTime(r.firstSeenAt)}`}>{formatDateTime(r.lastSeenAt)}</td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="btn btn-small btn-primary"
                        aria-label={`Allow ${r.origin}`}
                        onClick={() => void allowOrigin(r.origin)}
                      >
                        Allow
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={`Dismiss ${r.origin}`}
                        onClick={() => void dismissRefusedOrigin(r.origin)}
                      >
                        Dismiss
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function ApiKeys() {
  const keys = useConsoleStore(selectApiKeys);
  const fresh = useConsoleStore(selectNewApiKey);
  const { createApiKey, revokeApiKey, dismissNewApiKey } = useConsoleStore(useShallow(selectSettingsActions));
  const [name, setName] = useState('');
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      {fresh ? (
        <div className="callout" role="status">
          <p>
            <strong>{fresh.name}</strong> — copy the key now; it is never shown again.
          </p>
          <p>
            <code className="wrap" data-testid="new-api-key">
              {fresh.key}
            </code>{' '}
            <CopyButton text={fresh.key} />
          </p>
          <button type="button" className="btn btn-small" onClick={dismissNewApiKey}>
            Done
          </button>
        </div>
      ) : null}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) {
            void createApiKey(name.trim());
            setName('');
          }
        }}
      >
        <label>
          <span>New key name</span>
          <input value={name} placeholder="shop backend" onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
          Create key
        </button>
      </form>
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Prefix</th>
            <th>Created</th>
            <th>Last used</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                No API key yet. Create one for your shop's backend; it is shown once.
              </td>
            </tr>
          ) : null}
          {keys.map((k) => (
            <tr key={k.id} className={k.revokedAt ? 'is-revoked' : ''}>
              <td>{k.name}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{formatDateTime(k.createdAt)}</td>
              <td>{formatDateTime(k.lastUsedAt)}</td>
              <td>
                {k.revokedAt ? (
                  <span className="muted">revoked</span>
                ) : (
                  <ConfirmButton
                    label="Revoke"
                    className="btn btn-small btn-danger"
                    title={`Revoke ${k.name}?`}
                    confirmLabel="Revoke key"
                    danger
                    onConfirm={() => void revokeApiKey(k.id)}
                  >
                    <p>
                      Requests with this key fail at once. A revoked key cannot be brought back; create a new one
                      instead.
                    </p>
                  </ConfirmButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DataSection({ view }: { view: SettingsView }) {
  const { downloadBackup, uploadRestore, cancelRestore } = useConsoleStore(useShallow(selectSettingsActions));
  // a ledger backed up outside TonTill (PostgreSQL) is not in this folder: pg_dump backs it up (the Backups card says how)
  const backups = useConsoleStore(selectBackupsKind);
  const folder = (
    <dl className="facts">
      <dt>Data folder</dt>
      <dd>
        <code className="wrap">{view.dataDir}</code> <CopyButton text={view.dataDir} />
      </dd>
    </dl>
  );
  if (backups === 'external') {
    return (
      <section className="card" aria-labelledby="data-title">
        <h2 id="data-title">Data</h2>
        {folder}
        <p className="muted small" data-testid="data-postgres">
          This folder holds this instance&apos;s settings and sign-in files. The ledger is in PostgreSQL, shared by
          every instance: see Backups.
        </p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="data-title">
      <h2 id="data-title">Data</h2>
      {folder}
      <div className="row-actions">
        <button type="button" className="btn" onClick={() => void downloadBackup()}>
          Download backup
        </button>
        <label className="btn file-btn">
          Restore from a backup…
          <input
            type="file"
            accept=".db,.sqlite,application/vnd.sqlite3"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadRestore(file);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {view.restoreStaged ? (
        <p className="callout callout-warn" role="status" data-testid="restore-staged">
          A checked backup is staged. It replaces the ledger when TonTill restarts (the current one is kept under{' '}
          <code>backups/</code>). Until then TonTill accepts no changes: no new payments, no crediting, so nothing is
          acknowledged into the ledger being replaced. Restart to apply it.{' '}
          <button type="button" className="btn btn-small" onClick={() => void cancelRestore()}>
            Cancel restore
          </button>
        </p>
      ) : (
        <p className="muted small">
          Backups are consistent copies taken while the service runs. A restore is checked, then applied at the next
          start.
        </p>
      )}
    </section>
  );
}

export function SettingsPage() {
  const view = useConsoleStore(selectSettings);
  const { loadSettings, loadApiKeys } = useConsoleStore(useShallow(selectSettingsActions));
  useEffect(() => {
    void loadSettings();
    void loadApiKeys();
  }, [loadSettings, loadApiKeys]);
  return (
    <>
      <PageHeader title="Settings" />
      {view ? (
        <div className="grid-2 settings-grid">
          <ChainSettingsSection key={JSON.stringify(view.saved) + view.allowedOrigins.join()} view={view} />
          <div className="stack">
            <StoreProfileSection />
            <TimeZoneSection />
            <EmbeddingRequests view={view} />
            <ApiKeys />
            <PassphraseSection />
            <CashiersSection />
            <CatalogueSettings />
            <DataSection view={view} />
            <BackupsSection restoreStaged={view.restoreStaged} />
            <DesktopSection />
          </div>
        </div>
      ) : (
        <Skeleton lines={8} />
      )}
    </>
  );
}
