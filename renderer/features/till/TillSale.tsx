import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PublicPayment as Payment } from '../../../contract/payments';
import { formatFigure } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectBrandActions, selectStoreProfile } from '../brand/slice';
import { selectChainMode } from '../dashboard/slice';
import { selectTillSaleLines, selectTillTip } from './slice';
import { formatUnits, symbolOf } from './sale-currency';

/** The store as the customer knows it: its logo and name from Settings → Store profile, when set. */
export function TillStore() {
  const profile = useConsoleStore(selectStoreProfile);
  const { loadStoreProfile } = useConsoleStore(useShallow(selectBrandActions));
  useEffect(() => {
    void loadStoreProfile();
  }, [loadStoreProfile]);
  if (!profile?.name && !profile?.logoUrl) return null;
  return (
    <header className="till-store">
      {/* the logo's URL is relative to the service's root; the console lives at /console/ */}
      {profile.logoUrl ? <img className="till-store-logo" src={`/${profile.logoUrl}`} alt="" /> : null}
      {profile.name ? (
        <p className="till-store-name" data-testid="till-store">
          {profile.name}
        </p>
      ) : null}
    </header>
  );
}

/** Off mainnet the till says so on every screen: a customer must never take a simulated payment for real. */
export function TillModeMark() {
  const mode = useConsoleStore(selectChainMode);
  if (mode !== 'sandbox' && mode !== 'testnet') return null;
  return (
    <p className={`till-mode till-mode-${mode}`} role="note" data-testid={`till-${mode}`}>
      {mode === 'sandbox' ? 'Sandbox — no real money moves' : 'Testnet — test coins only'}
    </p>
  );
}

/**
 * What is being paid for: the cart's lines with quantities and totals (or the invoice's description), and the tip,
 * in the price's currency (EUR for a fiat price, whichever asset the customer then pays in).
 */
export function TillSaleLines({ invoice }: { invoice: Payment }) {
  const lines = useConsoleStore(selectTillSaleLines);
  const tip = useConsoleStore(selectTillTip);
  const { price } = invoice;
  const description = invoice.description ? <p className="till-description">{invoice.description}</p> : null;
  if (!lines && tip === 0n) return description;
  return (
    <div className="till-lines">
      {lines ? (
        <ul data-testid="till-lines">
          {lines.map((line, i) => (
            <li key={i}>
              <span>
                {line.quantity} × {line.name}
              </span>
              <span>{formatFigure(line.total)}</span>
            </li>
          ))}
        </ul>
      ) : (
        description
      )}
      {tip > 0n ? (
        <p className="till-lines-tip" data-testid="till-tip-line">
          <span>Tip</span>
          <span>{formatFigure(formatUnits(tip, price.currency))}</span>
        </p>
      ) : null}
      <p className="till-lines-total" data-testid="till-lines-total">
        <span>Total</span>
        <span>
          {formatFigure(price.amount)} {symbolOf(price.currency)}
        </span>
      </p>
    </div>
  );
}
