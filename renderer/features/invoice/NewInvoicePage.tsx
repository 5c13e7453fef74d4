import { useEffect, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { InvoiceCard } from './InvoiceCard';
import { PageHeader } from '../../components/PageHeader';
import { useNow } from '../../hooks/useNow';
import { isPayable } from '../payments/payment-outcome';
import { useConsoleStore } from '../../store';
import { ASSETS } from '../../../contract/asset';
import { selectAcceptedAssets } from '../staff/slice';
import {
  draftAsset,
  pricedIn,
  selectInvoice,
  selectInvoiceActions,
  selectInvoiceDraft,
  selectInvoiceError,
  selectIsCreatingInvoice,
} from './slice';
import { selectTillActions } from '../till/slice';
import { selectPricing } from '../pricing/slice';
import { useStorePricing } from '../pricing/useStorePricing';
import { selectUiActions } from '../../store/ui-slice';

function FieldError({ field, id }: { field: string; id: string }) {
  const error = useConsoleStore(selectInvoiceError);
  if (!error || (error.field ?? 'amount') !== field) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {error.message}
    </p>
  );
}

export function NewInvoicePage() {
  const draft = useConsoleStore(selectInvoiceDraft);
  const accepted = useConsoleStore(selectAcceptedAssets);
  const asset = ASSETS[draftAsset(draft, accepted)];
  useStorePricing();
  const priceCurrency = pricedIn(useConsoleStore(selectPricing)?.storeCurrency, asset.code);
  const isFiat = priceCurrency !== asset.code;
  const invoice = useConsoleStore(selectInvoice);
  const isCreating = useConsoleStore(selectIsCreatingInvoice);
  const invoiceError = useConsoleStore(selectInvoiceError);
  const { setDraft, createInvoice, clearInvoice } = useConsoleStore(useShallow(selectInvoiceActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  const { openTill, showOnTill } = useConsoleStore(useShallow(selectTillActions));
  const isOpen = invoice?.status === 'pending' || invoice?.status === 'partially_paid';
  const now = useNow(isOpen);
  const payable = invoice !== null && isPayable(invoice, now);
  useEffect(() => {
    document.getElementById('amount')?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void createInvoice();
  };
  const otherError =
    invoiceError && !['amount', 'externalId', 'expiresInSeconds'].includes(invoiceError.field ?? 'amount')
      ? invoiceError
      : null;

  return (
    <>
      <PageHeader title="New invoice">
        <button type="button" className="btn" onClick={openTill}>
          Open till (keypad)
        </button>
      </PageHeader>
      <div className="grid-2 invoice-grid">
        <form className="card form" onSubmit={submit} noValidate aria-label="Invoice details">
          {accepted.length > 1 && !isFiat ? (
            <fieldset data-testid="invoice-asset">
              <legend>Paid in</legend>
              <div className="segmented">
                {accepted.map((code) => (
                  <label key={code} className={asset.code === code ? 'is-on' : ''}>
                    <input
                      type="radio"
                      name="currency"
                      value={code}
                      checked={asset.code === code}
                      onChange={() => setDraft({ currency: code })}
                    />
                    {ASSETS[code].name}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <label htmlFor="amount">Amount ({isFiat ? priceCurrency : asset.symbol})</label>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.50"
            value={draft.amount}
            aria-invalid={invoiceError?.field === 'amount' || (invoiceError !== null && invoiceError.field === null)}
            aria-describedby="amount-error"
            onChange={(e) => setDraft({ amount: e.target.value })}
          />
          <FieldError field="amount" id="amount-error" />
          {isFiat ? (
            <p className="muted small" data-testid="invoice-fiat-note">
              The customer pays in {accepted.join(' or ')} at a rate locked when the invoice is made.
            </p>
          ) : null}
          <label htmlFor="externalId">
            Order reference <span className="muted">(optional, makes retries safe)</span>
          </label>
          <input
            id="externalId"
            name="externalId"
            autoComplete="off"
            placeholder="order-1042"
            value={draft.externalId}
            aria-invalid={invoiceError?.field === 'externalId'}
            aria-describedby="externalId-error"
            onChange={(e) => setDraft({ externalId: e.target.value })}
          />
          <FieldError field="externalId" id="externalId-error" />
          <label htmlFor="description">
            Description <span className="muted">(optional)</span>
          </label>
          <input
            id="description"
            name="description"
            autoComplete="off"
            placeholder="2 × espresso"
            value={draft.description}
            onChange={(e) => setDraft({ description: e.target.value })}
          />
          <label htmlFor="expiry">Expires after (minutes)</label>
          <input
            id="expiry"
            name="expiry"
            inputMode="numeric"
            value={draft.expiryMinutes}
            aria-describedby="expiry-error"
            aria-invalid={invoiceError?.field === 'expiresInSeconds'}
            onChange={(e) => setDraft({ expiryMinutes: e.target.value })}
          />
          <FieldError field="expiresInSeconds" id="expiry-error" />
          {otherError ? (
            <p className="field-error" role="alert">
              {otherError.message}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={isCreating}>
              {isCreating ? 'Creating…' : 'Create invoice'}
            </button>
          </div>
        </form>
        <div>
          {invoice ? (
            <>
              <InvoiceCard invoice={invoice} />
              <div className="row-actions">
                {payable ? (
                  <button type="button" className="btn btn-primary" onClick={() => showOnTill(invoice)}>
                    Show to customer (till mode)
                  </button>
                ) : null}
                <button type="button" className="btn" onClick={() => navigate(`payment/${invoice.id}`)}>
                  Open details
                </button>
                {payable ? (
                  <button type="button" className="btn btn-ghost" onClick={clearInvoice}>
                    Done
                  </button>
                ) : (
                  <button type="button" className="btn btn-primary" onClick={clearInvoice}>
                    New sale
                  </button>
                )}
              </div>
            </>
          ) : (
            <div className="card placeholder">
              <p className="muted">The QR code, payment links and live status appear here once the invoice exists.</p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
