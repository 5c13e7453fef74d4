import { useShallow } from 'zustand/react/shallow';
import { formatFigure } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectIsCharging, selectTillError } from './slice';
import { selectCustomTipEntry, selectTipActions, selectTipSale, selectTipSettings } from './tip-step';
import { tipChoices } from './tips';
import { formatUnits, parseSaleEntry, symbolOf } from './sale-currency';

const TIP_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0'];

/** The custom tip: the keypad types an amount, the customer sees what they will pay with it. */
function CustomTip({ subtotal, currency }: { subtotal: bigint; currency: string }) {
  const entry = useConsoleStore(selectCustomTipEntry) ?? '';
  const isCharging = useConsoleStore(selectIsCharging);
  const { pressTipKey, confirmCustomTip } = useConsoleStore(useShallow(selectTipActions));
  const typed = parseSaleEntry(entry, currency);
  const symbol = symbolOf(currency);
  return (
    <>
      <output className="till-display" data-testid="till-tip-entry" aria-live="polite" aria-label={`Tip in ${symbol}`}>
        {entry || '0'} <small>{symbol}</small>
      </output>
      <p className="till-tip-total">
        Total {formatFigure(formatUnits(subtotal + (typed.ok ? typed.units : 0n), currency))} {symbol}
      </p>
      <div className="keypad" role="group" aria-label="Keypad">
        {TIP_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className="keypad-key"
            onClick={() => pressTipKey(key)}
            aria-label={key === '.' ? 'Decimal separator' : key}
          >
            {key}
          </button>
        ))}
        <button type="button" className="keypad-key" onClick={() => pressTipKey('Backspace')} aria-label="Backspace">
          ⌫
        </button>
      </div>
      <button
        type="button"
        className="btn btn-primary till-charge"
        disabled={isCharging}
        onClick={() => void confirmCustomTip()}
      >
        {isCharging ? 'Creating…' : 'Add this tip (Enter)'}
      </button>
    </>
  );
}

/** "Add a tip?" between the sale and the QR: each percent with its exact amount, a custom tip, or none. */
export function TillTip() {
  const sale = useConsoleStore(selectTipSale);
  const settings = useConsoleStore(selectTipSettings);
  const custom = useConsoleStore(selectCustomTipEntry);
  const isCharging = useConsoleStore(selectIsCharging);
  const error = useConsoleStore(selectTillError);
  const { chooseTip, openCustomTip, backFromTip } = useConsoleStore(useShallow(selectTipActions));
  if (!sale) return null;
  return (
    <section className="till-tip" aria-labelledby="till-tip-title" data-testid="till-tip">
      <h1 id="till-tip-title" className="till-title">
        Add a tip?
      </h1>
      <p className="till-tip-subtotal">
        Subtotal{' '}
        <strong>
          {formatFigure(sale.amount)} {symbolOf(sale.currency)}
        </strong>
      </p>
      {error ? (
        <p className="till-error" role="alert">
          {error}
        </p>
      ) : null}
      {custom !== null ? (
        <CustomTip subtotal={sale.baseUnits} currency={sale.currency} />
      ) : (
        <div className="till-tip-choices" role="group" aria-label="Tip">
          {tipChoices(sale.baseUnits, settings?.presets ?? [], sale.currency).map((choice) => (
            <button
              key={choice.percent}
              type="button"
              className="btn till-tip-choice"
              disabled={isCharging}
              onClick={() => void chooseTip(choice.baseUnits)}
            >
              <span className="till-tip-percent">{choice.percent} %</span>
              <span className="till-tip-amount">{formatFigure(choice.tip)}</span>
            </button>
          ))}
          <button type="button" className="btn till-tip-choice" disabled={isCharging} onClick={openCustomTip}>
            <span className="till-tip-percent">Custom</span>
            <span className="till-tip-amount">any amount</span>
          </button>
          <button
            type="button"
            className="btn till-tip-choice"
            disabled={isCharging}
            onClick={() => void chooseTip(0n)}
          >
            <span className="till-tip-percent">No tip</span>
          </button>
        </div>
      )}
      <button type="button" className="btn btn-ghost" onClick={backFromTip}>
        {custom !== null ? 'Back to tips (Esc)' : 'Back to the sale (Esc)'}
      </button>
    </section>
  );
}
