import type { ReactNode } from 'react';
import { ASSET_CODES, ASSETS, type AssetCode } from '../../../contract/asset';

/**
 * Which assets the store takes: a box per asset in the registry, its name as people know it
 * ("Toncoin (Gram)") and its decimals. At least one; the service checks that too.
 */
export function AcceptedAssetsField({
  value,
  onChange,
  problem,
}: {
  value: readonly AssetCode[];
  onChange(next: AssetCode[]): void;
  problem: ReactNode;
}) {
  const toggle = (code: AssetCode, on: boolean) =>
    onChange(ASSET_CODES.filter((c) => (c === code ? on : value.includes(c))));
  return (
    <fieldset data-testid="accepted-assets">
      <legend>Accepted assets</legend>
      <div className="segmented stacks">
        {ASSET_CODES.map((code) => (
          <label key={code} className={value.includes(code) ? 'is-on' : ''}>
            <input
              type="checkbox"
              name="acceptedAssets"
              value={code}
              checked={value.includes(code)}
              onChange={(e) => toggle(code, e.target.checked)}
            />
            {ASSETS[code].name}
            <span className="muted small">{ASSETS[code].decimals} decimals</span>
          </label>
        ))}
      </div>
      {problem}
    </fieldset>
  );
}
