import { ASSET_CODES, type AssetCode } from '../../../contract/asset';
import { FIAT_CODES } from '../../../contract/fiat';
import type { ManualRate } from '../../../contract/pricing-settings';
import { PricingProblem } from './PricingProblem';

interface Props {
  rates: ManualRate[];
  /** the currency a new row starts in: the store's */
  fiat: string;
  onChange(rates: ManualRate[]): void;
}

/** The store's own rates, one row per currency and asset: "0.92 EUR per 1 USDT". */
export function ManualRatesTable({ rates, fiat, onChange }: Props) {
  const update = (index: number, patch: Partial<ManualRate>) =>
    onChange(rates.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const taken = new Set(rates.map((r) => `${r.currency}/${r.asset}`));
  const nextAsset = ASSET_CODES.find((a) => !taken.has(`${fiat}/${a}`)) ?? ASSET_CODES[0];
  return (
    <div className="manual-rates" data-testid="manual-rates">
      <p className="muted small">Each rate is the currency per one whole unit of the asset (0.92 EUR per 1 USDT).</p>
      {rates.map((rate, index) => (
        <div className="manual-rate-row" key={index}>
          <select
            aria-label={`Row ${index + 1} currency`}
            value={rate.currency}
            onChange={(e) => update(index, { currency: e.target.value })}
          >
            {FIAT_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
          <span className="muted">per 1</span>
          <select
            aria-label={`Row ${index + 1} asset`}
            value={rate.asset}
            onChange={(e) => update(index, { asset: e.target.value as AssetCode })}
          >
            {ASSET_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
          <input
            aria-label={`Row ${index + 1} rate`}
            inputMode="decimal"
            value={rate.rate}
            onChange={(e) => update(index, { rate: e.target.value.trim().replace(',', '.') })}
          />
          <button
            type="button"
            className="btn"
            aria-label={`Remove row ${index + 1}`}
            onClick={() => onChange(rates.filter((_, i) => i !== index))}
          >
            Remove
          </button>
          <PricingProblem field={`manualRates.${index}.rate`} />
          <PricingProblem field={`manualRates.${index}.currency`} />
        </div>
      ))}
      <PricingProblem field="manualRates" />
      <button
        type="button"
        className="btn"
        onClick={() => onChange([...rates, { currency: fiat, asset: nextAsset, rate: '' }])}
      >
        Add a rate
      </button>
    </div>
  );
}
