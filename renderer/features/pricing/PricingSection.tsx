import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ASSET_CODES } from '../../../contract/asset';
import { FIAT_CODES } from '../../../contract/fiat';
import { RATE_MODES, type ManualRate, type PricingSettings } from '../../../contract/pricing-settings';
import { useConsoleStore } from '../../store';
import './pricing.css';
import { selectChainMode } from '../dashboard/slice';
import { ManualRatesTable } from './ManualRatesTable';
import { PricingProblem } from './PricingProblem';
import { selectIsSavingPricing, selectPricing, selectPricingActions } from './slice';

const CURRENCY_CHOICES = [...ASSET_CODES, ...FIAT_CODES];
const MODE_LABELS: Record<PricingSettings['rateMode'], string> = {
  live: 'Live rates (tonapi, CoinGecko, ECB)',
  manual: 'My own table',
};

function PricingForm({ saved }: { saved: PricingSettings }) {
  const { savePricing } = useConsoleStore(useShallow(selectPricingActions));
  const isSaving = useConsoleStore(selectIsSavingPricing);
  const isSandbox = useConsoleStore(selectChainMode) === 'sandbox';
  const [form, setForm] = useState(saved);
  const edit = (patch: Partial<PricingSettings>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void savePricing(form);
  };
  const isAsset = (ASSET_CODES as readonly string[]).includes(form.storeCurrency);
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="pricing-title" data-testid="pricing">
      <h2 id="pricing-title">Prices and rates</h2>
      <p className="muted small">
        What the catalogue, the till and invoices are priced in. A price in a currency such as EUR is converted into
        each accepted asset at a rate locked for the payment.
      </p>
      <label htmlFor="pricing-currency">Store currency</label>
      <select
        id="pricing-currency"
        value={form.storeCurrency}
        onChange={(e) => edit({ storeCurrency: e.target.value })}
      >
        {CURRENCY_CHOICES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <PricingProblem field="storeCurrency" />
      <label htmlFor="pricing-tolerance">
        Short-payment tolerance <span className="muted">(percent, 0 to 10)</span>
      </label>
      <input
        id="pricing-tolerance"
        inputMode="decimal"
        value={form.shortTolerancePercent}
        onChange={(e) => edit({ shortTolerancePercent: e.target.value.trim().replace(',', '.') })}
      />
      <p className="muted small">A payment short by at most this much is taken as paid, and the gap is shown on it.</p>
      <PricingProblem field="shortTolerancePercent" />
      <fieldset className="pricing-modes" disabled={isAsset}>
        <legend>Rates</legend>
        {RATE_MODES.map((mode) => (
          <label key={mode} className="check">
            <input
              type="radio"
              name="pricing-mode"
              value={mode}
              checked={form.rateMode === mode}
              onChange={() => edit({ rateMode: mode })}
            />
            {MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      {isAsset ? <p className="muted small">Prices in {form.storeCurrency} need no rate.</p> : null}
      {isSandbox && form.rateMode === 'live' ? (
        <p className="callout small" data-testid="pricing-sandbox-note">
          Sandbox: prices convert at the sandbox&apos;s fixed table (1 USDT = 1 USD, 1 TON = 5 USD, 1 USD = 0.92 EUR),
          not the market, unless you keep your own table.
        </p>
      ) : null}
      {form.rateMode === 'manual' ? (
        <ManualRatesTable
          rates={form.manualRates}
          fiat={isAsset ? 'USD' : form.storeCurrency}
          onChange={(manualRates: ManualRate[]) => edit({ manualRates })}
        />
      ) : (
        <LiveThresholds form={form} edit={edit} />
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          Save
        </button>
      </div>
    </form>
  );
}

function LiveThresholds({ form, edit }: { form: PricingSettings; edit: (patch: Partial<PricingSettings>) => void }) {
  return (
    <div className="pricing-thresholds">
      <label htmlFor="pricing-disagreement">
        Refuse when sources disagree by more than <span className="muted">(percent)</span>
      </label>
      <input
        id="pricing-disagreement"
        inputMode="decimal"
        value={form.maxDisagreementPercent}
        onChange={(e) => edit({ maxDisagreementPercent: e.target.value.trim().replace(',', '.') })}
      />
      <PricingProblem field="maxDisagreementPercent" />
      <label htmlFor="pricing-age">
        Refuse a rate older than <span className="muted">(seconds)</span>
      </label>
      <input
        id="pricing-age"
        inputMode="numeric"
        value={String(form.maxRateAgeSeconds)}
        onChange={(e) => edit({ maxRateAgeSeconds: Number(e.target.value.replace(/\D/g, '')) })}
      />
      <PricingProblem field="maxRateAgeSeconds" />
    </div>
  );
}

/** Settings → Pricing: the store currency, the short-payment tolerance, where rates come from. */
export function PricingSection() {
  const saved = useConsoleStore(selectPricing);
  const { loadPricing } = useConsoleStore(useShallow(selectPricingActions));
  useEffect(() => {
    void loadPricing();
  }, [loadPricing]);
  return saved ? <PricingForm key={JSON.stringify(saved)} saved={saved} /> : null;
}
