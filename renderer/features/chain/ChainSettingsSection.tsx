import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AssetCode } from '../../../contract/asset';
import { CHAIN_MODES, type ChainMode } from '../../../contract/chain';
import { AcceptedAssetsField } from './AcceptedAssetsField';
import type { SettingsInput, SettingsView } from '../../../contract/console-settings';
import { useConsoleStore } from '../../store';
import {
  selectHasSettingsProblems,
  selectIsRestarting,
  selectIsSavingSettings,
  selectProblemFor,
  selectRestartProblem,
  selectSettingsActions,
} from '../settings/slice';
import { ConfirmDialog } from '../../components/ConfirmDialog';

function Problem({ field, withItems = false }: { field: string; withItems?: boolean }) {
  const message = useConsoleStore(selectProblemFor(field, withItems));
  return message ? (
    <p className="field-error" role="alert" data-field={field}>
      {message}
    </p>
  ) : null;
}

interface Form {
  mode: ChainMode;
  merchantAddress: string;
  toncenterEndpoint: string;
  toncenterApiKey: string;
  jettonMaster: string;
  expiryMinutes: string;
  monitoringHours: string;
  acceptedAssets: AssetCode[];
  origins: string;
}

const formOf = (v: SettingsView): Form => ({
  mode: v.saved.chain.mode,
  merchantAddress: v.saved.chain.merchantAddress,
  toncenterEndpoint: v.saved.chain.toncenterEndpoint,
  toncenterApiKey: '',
  jettonMaster: v.saved.chain.jettonMaster,
  expiryMinutes: String(v.saved.payments.defaultExpirySeconds / 60),
  monitoringHours: String(v.saved.payments.monitoringWindowSeconds / 3600),
  acceptedAssets: v.saved.payments.acceptedAssets,
  origins: v.allowedOrigins.join('\n'),
});

const inputOf = (f: Form): SettingsInput => ({
  chain: {
    mode: f.mode,
    merchantAddress: f.merchantAddress.trim(),
    toncenterEndpoint: f.toncenterEndpoint.trim(),
    jettonMaster: f.jettonMaster.trim(),
    ...(f.toncenterApiKey.trim() ? { toncenterApiKey: f.toncenterApiKey.trim() } : {}),
  },
  payments: {
    defaultExpirySeconds: Math.round(Number(f.expiryMinutes) * 60),
    monitoringWindowSeconds: Math.round(Number(f.monitoringHours) * 3600),
    acceptedAssets: f.acceptedAssets,
  },
  allowedOrigins: f.origins
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean),
});

/** Saved settings that wait for a restart, and the button that applies them without restarting the app. */
function RestartNotice({ view }: { view: SettingsView }) {
  const { restartToApply } = useConsoleStore(useShallow(selectSettingsActions));
  const isRestarting = useConsoleStore(selectIsRestarting);
  const problem = useConsoleStore(selectRestartProblem);
  return (
    <div className="callout callout-warn restart-notice" data-testid="restart-notice">
      <p role="status">
        {isRestarting ? (
          'Restarting the chain with the saved settings…'
        ) : (
          <>
            Saved changes wait for a restart: the service runs <strong>{view.running.chain.mode}</strong> until it
            starts again.
          </>
        )}
      </p>
      {problem ? (
        <p className="field-error" role="alert" data-field={problem.field}>
          {problem.message}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-small btn-primary"
        aria-busy={isRestarting}
        disabled={isRestarting}
        onClick={() => void restartToApply()}
      >
        {isRestarting ? 'Restarting…' : 'Restart to apply'}
      </button>
    </div>
  );
}

/** Where a toncenter key comes from and what it buys: toncenter allows 1 request a second without one, 10 with. */
function ToncenterKeyField({
  value,
  hasSaved,
  onChange,
}: {
  value: string;
  hasSaved: boolean;
  onChange(value: string): void;
}) {
  return (
    <>
      <label htmlFor="s-key">Toncenter API key</label>
      <input
        id="s-key"
        type="password"
        autoComplete="off"
        value={value}
        aria-describedby="s-key-hint"
        placeholder={hasSaved ? 'saved — leave empty to keep' : 'optional'}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="s-key-hint" className="muted small field-hint">
        Get a free key from <strong>@tonapibot</strong> on Telegram or at <strong>toncenter.com</strong>. Without a key
        toncenter answers about 1 request a second, so the watcher checks the chain slowly; with a key, 10 a second, and
        new payments show up sooner.
      </p>
    </>
  );
}

/** Asked before settings that move real money are saved; names the wallet the money goes to. */
function MainnetConfirm({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: SettingsInput | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ConfirmDialog
      open={pending !== null}
      title="Switch to mainnet?"
      confirmLabel="Switch to mainnet"
      keepLabel="Don't switch"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        After the restart, payments are <strong>real USDT</strong> on the TON mainnet, sent to this wallet:
      </p>
      <p>
        <code className="wrap" data-testid="mainnet-wallet">
          {pending?.chain.merchantAddress}
        </code>
      </p>
      <p>Check that it is a wallet you control: money sent to a wrong address cannot be brought back.</p>
    </ConfirmDialog>
  );
}

/** The payment windows (applied at restart) and the embedding origins (applied at once). */
function WindowsAndOrigins({ f, set }: { f: Form; set(patch: Partial<Form>): void }) {
  return (
    <>
      <AcceptedAssetsField
        value={f.acceptedAssets}
        onChange={(acceptedAssets) => set({ acceptedAssets })}
        problem={<Problem field="payments.acceptedAssets" />}
      />
      <div className="grid-2 tight">
        <div>
          <label htmlFor="s-expiry">Invoice expiry (minutes)</label>
          <input
            id="s-expiry"
            inputMode="numeric"
            value={f.expiryMinutes}
            onChange={(e) => set({ expiryMinutes: e.target.value })}
          />
          <Problem field="payments.defaultExpirySeconds" />
        </div>
        <div>
          <label htmlFor="s-monitor">Late-payment window (hours)</label>
          <input
            id="s-monitor"
            inputMode="decimal"
            value={f.monitoringHours}
            onChange={(e) => set({ monitoringHours: e.target.value })}
          />
          <Problem field="payments.monitoringWindowSeconds" />
        </div>
      </div>
      <label htmlFor="s-origins">
        Allowed embedding origins <span className="muted">(one per line; applies at once)</span>
      </label>
      <textarea
        id="s-origins"
        rows={3}
        value={f.origins}
        placeholder="https://shop.example"
        onChange={(e) => set({ origins: e.target.value })}
      />
      <Problem field="allowedOrigins" withItems />
    </>
  );
}

export function ChainSettingsSection({ view }: { view: SettingsView }) {
  const { checkSettings, saveSettings } = useConsoleStore(useShallow(selectSettingsActions));
  const isSaving = useConsoleStore(selectIsSavingSettings);
  const hasProblems = useConsoleStore(selectHasSettingsProblems);
  const [f, setF] = useState<Form>(() => formOf(view));
  const [pendingMainnet, setPendingMainnet] = useState<SettingsInput | null>(null);
  const set = (patch: Partial<Form>) => setF((old) => ({ ...old, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = inputOf(f);
    // Real money follows a switch to mainnet: ask once the settings are known to be good, not before.
    if (input.chain.mode === 'mainnet' && view.saved.chain.mode !== 'mainnet') {
      if (await checkSettings(input)) setPendingMainnet(input);
      return;
    }
    await saveSettings(input);
  };
  const confirmMainnet = () => {
    const input = pendingMainnet;
    setPendingMainnet(null);
    if (input) void saveSettings(input);
  };
  return (
    <form className="card form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="chain-title">
      <h2 id="chain-title">Chain and payments</h2>
      {view.restartRequired ? <RestartNotice view={view} /> : null}
      <fieldset>
        <legend>Chain mode</legend>
        <div className="segmented">
          {CHAIN_MODES.map((m) => (
            <label key={m} className={f.mode === m ? 'is-on' : ''}>
              <input type="radio" name="mode" value={m} checked={f.mode === m} onChange={() => set({ mode: m })} /> {m}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor="s-address">
        Wallet address {f.mode === 'sandbox' ? <span className="muted">(optional in sandbox)</span> : null}
      </label>
      <input
        id="s-address"
        value={f.merchantAddress}
        placeholder="UQ…"
        spellCheck={false}
        onChange={(e) => set({ merchantAddress: e.target.value })}
      />
      <Problem field="chain.merchantAddress" />
      <label htmlFor="s-endpoint">
        Toncenter endpoint <span className="muted">(optional)</span>
      </label>
      <input
        id="s-endpoint"
        value={f.toncenterEndpoint}
        placeholder="https://toncenter.com/api/v2/jsonRPC"
        onChange={(e) => set({ toncenterEndpoint: e.target.value })}
      />
      <Problem field="chain.toncenterEndpoint" />
      <ToncenterKeyField
        value={f.toncenterApiKey}
        hasSaved={view.saved.chain.hasToncenterApiKey}
        onChange={(v) => set({ toncenterApiKey: v })}
      />
      <label htmlFor="s-jetton">
        Jetton master {f.mode === 'testnet' ? '(required on testnet)' : <span className="muted">(default: USDT)</span>}
      </label>
      <input
        id="s-jetton"
        value={f.jettonMaster}
        spellCheck={false}
        onChange={(e) => set({ jettonMaster: e.target.value })}
      />
      <Problem field="chain.jettonMaster" />
      <Problem field="chain" />
      <WindowsAndOrigins f={f} set={set} />
      <p className="muted small">
        Chain mode, wallet, toncenter, the accepted assets and the payment windows are written to{' '}
        <code>{view.configFile}</code> and apply when the service restarts.
      </p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? 'Checking…' : 'Validate and save'}
        </button>
        {hasProblems ? <span className="error-text">Fix the marked fields.</span> : null}
      </div>
      <MainnetConfirm pending={pendingMainnet} onConfirm={confirmMainnet} onCancel={() => setPendingMainnet(null)} />
    </form>
  );
}
