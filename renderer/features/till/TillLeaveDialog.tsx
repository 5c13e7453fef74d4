import { useId, useRef } from 'react';
import { ASSETS } from '../../../contract/asset';
import { useShallow } from 'zustand/react/shallow';
import { formatFigure } from '../../lib/format';
import { isNonZero } from '../payments/payment-outcome';
import { useModalDialog } from '../../hooks/useModalDialog';
import { useConsoleStore } from '../../store';
import { selectIsCancellingTillPayment, selectTillLeaving } from './leaving';
import { selectTillActions, selectTillInvoice } from './slice';

/**
 * The question the till asks before leaving a payment that can still be paid (Esc, the bar's
 * buttons, "Cancel sale"): keep it open, cancel it on the service, or stay. A part-paid payment is
 * not cancelled (the service refuses it): the question says what arrived and what to do instead.
 * A modal dialog, so nothing behind it is clickable; its own Escape means "stay", as the Stay button:
 * both answer at once (useModalDialog says why).
 */
export function TillLeaveDialog() {
  const leaving = useConsoleStore(selectTillLeaving);
  const invoice = useConsoleStore(selectTillInvoice);
  const isCancelling = useConsoleStore(selectIsCancellingTillPayment);
  const { keepTillPaymentOpen, stayOnTill, cancelTillPayment } = useConsoleStore(useShallow(selectTillActions));
  const stayRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialog = useModalDialog(leaving !== null && invoice !== null, stayOnTill, stayRef);
  const partPaid = invoice !== null && isNonZero(invoice.paidAmount);
  return (
    <dialog {...dialog} role="alertdialog" className="dialog confirm-dialog till-leave" aria-labelledby={titleId}>
      <h2 id={titleId}>This payment is still open</h2>
      {invoice && partPaid ? (
        <p className="confirm-body" data-testid="till-leave-partial">
          {formatFigure(invoice.paidAmount)} of {formatFigure(invoice.amount)} {ASSETS[invoice.currency].symbol} already
          arrived, so it cannot be cancelled: keep it open for the rest, or refund or settle it from the payment&rsquo;s
          page.
        </p>
      ) : (
        <p className="confirm-body">Cancel it so nobody pays it later, or keep it open for the customer.</p>
      )}
      <div className="confirm-actions">
        <button ref={stayRef} type="button" className="btn" onClick={stayOnTill}>
          Stay
        </button>
        <button type="button" className="btn" onClick={keepTillPaymentOpen}>
          Keep it open
        </button>
        {partPaid ? null : (
          <button
            type="button"
            className="btn btn-danger-solid"
            disabled={isCancelling}
            onClick={() => void cancelTillPayment()}
          >
            {isCancelling ? 'Cancelling…' : 'Cancel payment'}
          </button>
        )}
      </div>
    </dialog>
  );
}
