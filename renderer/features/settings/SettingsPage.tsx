import { useEffect, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SettingsView } from '../../../contract/console-settings';
import { CopyButton } from '../../components/CopyButton';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { BackupsSection } from '../backups/BackupsSection';
import { CashiersSection } from '../staff/CashiersSection';
import { CatalogueSettings } from '../till/CatalogueSettings';
import { TipSettings } from '../till/TipSettings';
import { ChainSettingsSection } from '../chain/ChainSettingsSection';
import { ConnectWalletSection } from './ConnectWalletSection';
import { DesktopSection } from '../desktop/DesktopSection';
import { Skeleton } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { PassphraseSection } from '../signin/PassphraseSection';
import { PricingSection } from '../pricing/PricingSection';
import { StoreProfileSection } from '../brand/StoreProfileSection';
import { TimeZoneSection } from '../close-day/TimeZoneSection';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectBackupsKind } from '../backups/slice';
import { EmbeddingRequests } from './EmbeddingRequests';
import { selectApiKeys, selectNewApiKey, selectSettings, selectSettingsActions } from './slice';
import { groupElementId, SETTINGS_GROUPS, SettingsNav, type SettingsGroupId } from './SettingsNav';
import './settings.css';

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
                    keepLabel="Keep key"
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
      <div className="settings-layout">
        <SettingsNav isReady={view !== null} />
        {view ? (
          <div className="settings-groups">
            <SettingsGroup id="chain">
              <ChainSettingsSection key={JSON.stringify(view.saved) + view.allowedOrigins.join()} view={view} />
              <ConnectWalletSection />
              <EmbeddingRequests view={view} />
            </SettingsGroup>
            <SettingsGroup id="pricing">
              <PricingSection />
            </SettingsGroup>
            <SettingsGroup id="store">
              <StoreProfileSection />
              <TimeZoneSection />
              <CatalogueSettings />
              <TipSettings />
            </SettingsGroup>
            <SettingsGroup id="keys">
              <ApiKeys />
            </SettingsGroup>
            <SettingsGroup id="sign-in">
              <PassphraseSection />
              <CashiersSection />
            </SettingsGroup>
            <SettingsGroup id="data">
              <DataSection view={view} />
              <BackupsSection restoreStaged={view.restoreStaged} />
              <DesktopSection />
            </SettingsGroup>
          </div>
        ) : (
          <Skeleton lines={8} />
        )}
      </div>
    </>
  );
}

/** One group of the page, under its name, where `#/settings/<id>` and the section list lead. */
function SettingsGroup({ id, children }: { id: SettingsGroupId; children: ReactNode }) {
  const label = SETTINGS_GROUPS.find((g) => g.id === id)!.label;
  const titleId = `${groupElementId(id)}-title`;
  return (
    <section className="settings-group" id={groupElementId(id)} aria-labelledby={titleId}>
      <h2 className="settings-group-title" id={titleId}>
        {label}
      </h2>
      {children}
    </section>
  );
}
