import { useEffect } from 'react';
import { ASSETS } from '../../../contract/asset';
import { useShallow } from 'zustand/react/shallow';
import { CallbackPanel } from '../webhooks/CallbackPanel';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { RouteLink, useCanOpen } from '../../components/RouteLink';
import { DeliveryDialog } from '../webhooks/DeliveryDialog';
import { DeliveryTable } from '../webhooks/DeliveryTable';
import { Empty, Skeleton } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { PrintReceiptButton } from '../receipts/PrintReceiptButton';
import { ExplorerLinked } from '../refunds/ExplorerLinked';
import { RefundPanel } from '../refunds/RefundPanel';
import '../refunds/refunds.css';
import { StatusBadge } from './StatusBadge';
import { TestBadge } from '../../components/TestPaymentsSwitch';
import { useInterval } from '../../hooks/useInterval';
import { PriceFacts, shortfallText } from './PriceFacts';
import { formatDateTime, formatFigure, formatAssetAmount, shortHash } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectChainMode } from '../dashboard/slice';
import { selectTillActions } from '../till/slice';
import { selectDetailDeliveries, selectIsDetailLoading, selectPaymentDetail, selectPaymentsActions } from './slice';
import { selectIsOwner } from '../staff/slice';
import { selectRouteParam, selectUiActions } from '../../store/ui-slice';

const EVENT_LABEL: Record<string, string> = {
  'payment.created': 'Created',
  'payment.partially_paid': 'Partially paid',
  'payment.paid': 'Paid',
  'payment.overpaid': 'Overpaid',
  'payment.late': 'Paid late',
  'payment.late_partially_paid': 'Partially paid after expiry',
  'payment.credited_after_close': 'Credited after close: refund it',
  'payment.expired': 'Expired',
  'payment.cancelled': 'Cancelled',
  'transfer.attached': 'Transfer attached',
  'refund.created': 'Refund prepared',
  'refund.sent': 'Refund sent',
  'refund.failed': 'Refund bounced back',
  'refund.cancelled': 'Refund cancelled',
};

function Deliveries() {
  const deliveries = useConsoleStore(selectDetailDeliveries);
  if (deliveries.length === 0)
    return (
      <p className="muted">
        No webhook deliveries for this payment.{' '}
        <RouteLink to="webhooks" fallback="The owner adds webhook endpoints.">
          Add an endpoint under Webhooks.
        </RouteLink>
      </p>
    );
  return <DeliveryTable deliveries={deliveries} testId="payment-deliveries" detailed={false} />;
}

export function PaymentDetailPage() {
  const id = useConsoleStore(selectRouteParam);
  const detail = useConsoleStore(selectPaymentDetail);
  const isLoading = useConsoleStore(selectIsDetailLoading);
  const mode = useConsoleStore(selectChainMode);
  // cancelling and refunding are the owner's; a cashier reads the payment
  const isOwner = useConsoleStore(selectIsOwner);
  const canSimulate = useCanOpen('simulator');
  const { openPayment, refreshDetail, cancelPayment } = useConsoleStore(useShallow(selectPaymentsActions));
  const { showOnTill } = useConsoleStore(useShallow(selectTillActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  useEffect(() => {
    if (id) void openPayment(id);
  }, [id, openPayment]);
  // The live stream keeps the status current; webhook delivery attempts are not store events.
  useInterval(() => void refreshDetail(), 15_000);

  if (!detail || detail.payment.id !== id)
    return isLoading ? (
      <Skeleton lines={8} />
    ) : (
      <Empty title="Payment not found">
        <a href="#/payments">Back to payments</a>
      </Empty>
    );
  const { payment, events } = detail;
  const isOpen = payment.status === 'pending' || payment.status === 'partially_paid';
  const money = (amount: string) => formatAssetAmount(amount, payment.currency);
  return (
    <>
      <PageHeader title={money(payment.amount)}>
        <span role="status" aria-live="polite" data-testid="payment-status">
          <StatusBadge status={payment.status} late={payment.late} />
          {detail.test ? <TestBadge label="Test payment" /> : null}
        </span>
        <PrintReceiptButton payment={payment} />
        {isOpen ? (
          <button type="button" className="btn" onClick={() => showOnTill(payment)}>
            Till mode
          </button>
        ) : null}
        {isOpen && mode === 'sandbox' && canSimulate ? (
          <button type="button" className="btn" onClick={() => navigate(`simulator/${payment.id}`)}>
            Simulate a transfer
          </button>
        ) : null}
        {payment.status === 'pending' && isOwner ? (
          <ConfirmButton
            label="Cancel payment"
            className="btn btn-danger"
            title="Cancel this payment?"
            confirmLabel="Cancel payment"
            keepLabel="Keep payment"
            danger
            onConfirm={() => void cancelPayment(payment.id)}
          >
            <p>A customer can no longer pay it. This cannot be undone.</p>
          </ConfirmButton>
        ) : null}
      </PageHeader>
      <p className="breadcrumb">
        <a href="#/payments">Payments</a> / <code>{payment.id}</code>
      </p>
      <div className="grid-2">
        <section className="card" aria-labelledby="summary-title">
          <h2 id="summary-title">Summary</h2>
          <dl className="facts">
            <PriceFacts payment={payment} />
            <dt>Paid</dt>
            <dd>
              {money(payment.paidAmount)}
              {payment.overpaidAmount !== '0.00' ? ` (overpaid ${formatFigure(payment.overpaidAmount)})` : ''}
            </dd>
            {shortfallText(payment) ? (
              <>
                <dt>Short</dt>
                <dd data-testid="payment-shortfall">{shortfallText(payment)}</dd>
              </>
            ) : null}
            {detail.tipAmount ? (
              <div data-testid="tip-line">
                <dt>Of which tip</dt>
                <dd>{money(detail.tipAmount)}</dd>
              </div>
            ) : null}
            {payment.refundedAmount !== '0.00' ? (
              <>
                <dt>Refunded</dt>
                <dd>{money(payment.refundedAmount)}</dd>
              </>
            ) : null}
            <dt>Due</dt>
            <dd>{money(payment.dueAmount)}</dd>
            <dt>Asset</dt>
            <dd data-testid="payment-asset">{ASSETS[payment.currency].name}</dd>
            <dt>Reference</dt>
            <dd>{payment.externalId ?? '—'}</dd>
            <dt>Description</dt>
            <dd>{payment.description ?? '—'}</dd>
            <dt>Kind</dt>
            <dd>{payment.kind}</dd>
            <dt>Comment</dt>
            <dd>
              <code>{payment.memo}</code>
            </dd>
            <dt>Created</dt>
            <dd>{formatDateTime(payment.createdAt)}</dd>
            <dt>Expires</dt>
            <dd>{formatDateTime(payment.expiresAt)}</dd>
            <dt>Paid at</dt>
            <dd>{formatDateTime(payment.paidAt)}</dd>
            <dt>Checkout</dt>
            <dd>
              <a href={payment.links.checkout} target="_blank" rel="noreferrer noopener">
                {payment.links.checkout}
              </a>
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="timeline-title">
          <h2 id="timeline-title">Timeline</h2>
          <ol className="timeline" data-testid="timeline">
            {events.map((e) => (
              <li key={e.id} className={`tl tl-${e.type.split('.')[1] ?? ''}`}>
                <span className="tl-dot" aria-hidden="true" />
                <span className="tl-label">{EVENT_LABEL[e.type] ?? e.type}</span>
                <span className="muted">
                  {formatDateTime(e.createdAt)}
                  {e.paidAmount && e.type !== 'payment.created' ? ` · paid ${money(e.paidAmount)}` : ''}
                </span>
                {e.note ? <span className="tl-note">“{e.note}”</span> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <section className="card" aria-labelledby="transfers-title">
        <h2 id="transfers-title">Credited transfers</h2>
        {payment.transfers.length === 0 ? (
          <p className="muted">No transfer credited yet.</p>
        ) : (
          <table className="table stacked-table" data-testid="transfers">
            <thead>
              <tr>
                <th>Amount</th>
                <th>From</th>
                <th>Comment</th>
                <th>Credited</th>
                <th>Transaction</th>
              </tr>
            </thead>
            <tbody>
              {payment.transfers.map((t) => (
                <tr key={t.txHash}>
                  <td className="num" data-label="Amount">
                    {money(t.amount)}
                  </td>
                  <td className="truncate" data-label="From">
                    {t.from ? <ExplorerLinked kind="address" value={t.from} label={t.from} /> : '—'}
                  </td>
                  <td data-label="Comment">
                    <code>{t.comment ?? '—'}</code>
                  </td>
                  <td data-label="Credited">{formatDateTime(t.creditedAt)}</td>
                  <td data-label="Transaction">
                    <ExplorerLinked kind="transaction" value={t.txHash} label={shortHash(t.txHash)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {isOwner ? <RefundPanel payment={payment} /> : null}
      <CallbackPanel callbackUrl={payment.callbackUrl} />
      <section className="card" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Webhook and callback deliveries</h2>
        <Deliveries />
      </section>
      <DeliveryDialog />
    </>
  );
}
