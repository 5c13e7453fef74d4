import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { TillKeypad } from './TillKeypad';
import { TillEnded, TillPayment } from './TillPayment';
import { TillLeaveDialog } from './TillLeaveDialog';
import { TillTip } from './TillTip';
import { TillModeMark } from './TillSale';
import './till.css';
import { useFullscreen } from '../../hooks/useFullscreen';
import { useNow } from '../../hooks/useNow';
import { IfCanOpen } from '../../components/RouteLink';
import { isPayable, outcomeOf } from '../payments/payment-outcome';
import { getConsoleState, useConsoleStore } from '../../store';
import { selectTillActions, selectTillInvoice } from './slice';
import { selectTipSale } from './tip-step';
import { selectUiActions } from '../../store/ui-slice';

const KEYPAD_KEYS = /^[\d.,]$|^Backspace$/;

const KEY_HINTS = {
  keypad: 'Type an amount (in a cart: then add it) · Enter charge · Esc back to console · F full screen',
  tip: 'Custom: type the tip, Enter adds it · Esc back · F full screen',
  payment: 'Esc back to keypad · F full screen',
  ended: 'Esc back to keypad · F full screen',
} as const;

/**
 * The till's keys: Escape goes back one step (payment -> keypad -> console; an open payment asks
 * first), F toggles full screen, Enter charges on the keypad or starts a new sale once the invoice
 * has ended; digits type the amount. While the till asks, its dialog has the keys.
 */
function onTillKey(e: KeyboardEvent, toggleFullscreen: () => void): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const s = getConsoleState();
  if (s.tillLeaving) return;
  if (!s.tillInvoice && s.tipSale) {
    onTipKey(e, toggleFullscreen);
    return;
  }
  const invoice = s.tillInvoice;
  const open = invoice !== null && isPayable(invoice, Date.now());
  if (e.key === 'f' || e.key === 'F') toggleFullscreen();
  else if (e.key === 'Escape') {
    // the question may open within this key's dispatch: its default would close it again at once
    e.preventDefault();
    s.leaveTill(invoice ? 'keypad' : 'console');
  } else if (e.key === 'Enter') {
    // also keeps a focused button from being clicked a second time by the same key
    e.preventDefault();
    if (!invoice) void s.chargeTill();
    else if (!open) s.newSale();
  } else if (!invoice && KEYPAD_KEYS.test(e.key)) s.pressTillKey(e.key);
  else if (!invoice && e.key === 'Delete') s.pressTillKey('Clear');
}

/** The tip step's keys: Escape back one step, Enter adds the custom tip, digits type it, F toggles full screen. */
function onTipKey(e: KeyboardEvent, toggleFullscreen: () => void): void {
  const s = getConsoleState();
  const custom = s.customTipEntry !== null;
  if (e.key === 'f' || e.key === 'F') toggleFullscreen();
  else if (e.key === 'Escape') {
    e.preventDefault();
    s.backFromTip();
  } else if (e.key === 'Enter' && custom) {
    e.preventDefault();
    void s.confirmCustomTip();
  } else if (custom && KEYPAD_KEYS.test(e.key)) s.pressTipKey(e.key);
}

/** The till: keypad entry, the tip (when tips are on), the customer's screen for the invoice, then what became of it. */
export function TillView() {
  const invoice = useConsoleStore(selectTillInvoice);
  const tipSale = useConsoleStore(selectTipSale);
  const { newSale, closeTill, leaveTill } = useConsoleStore(useShallow(selectTillActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  const { isFullscreen, toggleFullscreen } = useFullscreen();
  const isOpen = invoice?.status === 'pending' || invoice?.status === 'partially_paid';
  const now = useNow(isOpen);
  const outcome = invoice ? outcomeOf(invoice, now) : null;
  const screen = !invoice ? (tipSale ? 'tip' : 'keypad') : outcome ? 'ended' : 'payment';
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onTillKey(e, toggleFullscreen);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [toggleFullscreen]);
  useEffect(() => {
    // each screen starts with focus where the cashier acts next
    const target = {
      keypad: '.till-charge',
      tip: '.till-tip-choice',
      ended: '#till-new-sale',
      payment: '#till-keypad-back',
    }[screen];
    document.querySelector<HTMLElement>(target)?.focus();
  }, [screen]);
  return (
    <main
      className={`till till-${screen}${outcome ? ` till-${outcome.kind}` : ''}`}
      id="main"
      data-testid="till"
      data-screen={screen}
    >
      <nav className="till-bar" aria-label="Till">
        <TillModeMark />
        <button type="button" className="btn btn-ghost" onClick={() => leaveTill('console')}>
          Back to console
        </button>
        {invoice ? (
          <button type="button" id="till-keypad-back" className="btn btn-ghost" onClick={() => leaveTill('keypad')}>
            Back to keypad (Esc)
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" aria-pressed={isFullscreen} onClick={toggleFullscreen}>
          {isFullscreen ? 'Leave full screen (F)' : 'Full screen (F)'}
        </button>
        {invoice ? null : (
          <IfCanOpen route="close-day">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                closeTill();
                navigate('close-day');
              }}
            >
              Close day
            </button>
          </IfCanOpen>
        )}
      </nav>
      {!invoice && tipSale ? (
        <TillTip />
      ) : !invoice ? (
        <TillKeypad />
      ) : outcome ? (
        <TillEnded invoice={invoice} outcome={outcome} onNewSale={newSale} />
      ) : (
        <TillPayment invoice={invoice} now={now} onCancel={() => leaveTill('keypad')} />
      )}
      <TillLeaveDialog />
      <p className="till-keys" aria-hidden="true">
        {KEY_HINTS[screen]}
      </p>
    </main>
  );
}
