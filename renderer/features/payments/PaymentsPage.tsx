import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PaymentRowView } from '../../../contract/console';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../contract/payments';
import { Empty, Spinner } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { TestBadge, TestPaymentsSwitch } from '../../components/TestPaymentsSwitch';
import { StatusBadge } from './StatusBadge';
import { useCardLayout } from './useCardLayout';
import './payments.css';
import { VirtualRows } from '../../components/VirtualRows';
import { ASSET_CODES, ASSETS, type AssetCode } from '../../../contract/asset';
import { formatDateTime, formatAssetAmount, STATUS_LABEL } from '../../lib/format';
import { formatPrice } from '../../lib/price-format';
import { useConsoleStore } from '../../store';
import { selectIsOwner } from '../staff/slice';
import {
  selectHasLoadedList,
  selectHasMorePayments,
  selectIsListLoading,
  selectPaymentFilters,
  selectPaymentRows,
  selectPaymentsActions,
} from './slice';

const ROW_HEIGHT = 44;
/** a row stacked into a card on a phone (payments.css): five lines */
const CARD_HEIGHT = 124;

function Filters() {
  const filters = useConsoleStore(selectPaymentFilters);
  const { setFilters } = useConsoleStore(useShallow(selectPaymentsActions));
  const [q, setQ] = useState(filters.q);
  useEffect(() => {
    if (q === filters.q) return undefined;
    const id = setTimeout(() => setFilters({ q }), 250);
    return () => clearTimeout(id);
  }, [q, filters.q, setFilters]);
  return (
    <div className="filters" role="search">
      <label className="filter">
        <span>Search</span>
        <input
          type="search"
          data-search
          placeholder="Reference, description, email, amount, comment or id  ( / )"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </label>
      <label className="filter">
        <span>Status</span>
        <select value={filters.status} onChange={(e) => setFilters({ status: e.target.value as PaymentStatus | '' })}>
          <option value="">All</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Asset</span>
        <select
          value={filters.currency}
          onChange={(e) => setFilters({ currency: e.target.value as AssetCode | '' })}
          data-testid="asset-filter"
        >
          <option value="">All</option>
          {ASSET_CODES.map((code) => (
            <option key={code} value={code}>
              {ASSETS[code].name}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>From</span>
        <input type="date" value={filters.createdFrom} onChange={(e) => setFilters({ createdFrom: e.target.value })} />
      </label>
      <label className="filter">
        <span>To</span>
        <input type="date" value={filters.createdTo} onChange={(e) => setFilters({ createdTo: e.target.value })} />
      </label>
      <TestPaymentsSwitch
        label="Show test payments"
        on={filters.includeTest}
        onChange={(includeTest) => setFilters({ includeTest })}
      />
    </div>
  );
}

function Row({ p, index }: { p: PaymentRowView; index: number }) {
  return (
    <a className="prow" href={`#/payment/${p.id}`} data-index={index} data-testid="payment-row">
      <span role="cell" className="c-status">
        <StatusBadge status={p.status} late={p.late} />
        {p.test ? <TestBadge /> : null}
      </span>
      <span role="cell" className="c-amount num">
        {formatAssetAmount(p.amount, p.currency)}
        {p.price.currency !== p.currency ? (
          <span className="muted small price-beside" data-testid="row-price">
            {formatPrice(p.price.amount, p.price.currency)}
          </span>
        ) : null}
      </span>
      <span role="cell" className="c-ref">
        {p.externalId ?? <span className="muted">—</span>}
      </span>
      <span role="cell" className="c-desc">
        {p.description ?? ''}
      </span>
      <span role="cell" className="c-memo">
        <code>{p.memo}</code>
      </span>
      <span role="cell" className="c-date">
        {formatDateTime(p.createdAt)}
      </span>
      <span role="cell" className="c-id">
        <code>{p.id}</code>
      </span>
    </a>
  );
}

export function PaymentsPage() {
  const rows = useConsoleStore(selectPaymentRows);
  const hasMore = useConsoleStore(selectHasMorePayments);
  const isLoading = useConsoleStore(selectIsListLoading);
  const hasLoaded = useConsoleStore(selectHasLoadedList);
  const filters = useConsoleStore(selectPaymentFilters);
  const { loadPayments, loadMorePayments, exportPayments } = useConsoleStore(useShallow(selectPaymentsActions));
  const [isExporting, setExporting] = useState(false);
  // the export is the owner's (a cashier sees payments one screen at a time)
  const isOwner = useConsoleStore(selectIsOwner);
  useEffect(() => {
    void loadPayments();
  }, [loadPayments]);
  const onNearEnd = useCallback(() => {
    if (hasMore) void loadMorePayments();
  }, [hasMore, loadMorePayments]);
  const isCards = useCardLayout();
  const filtered = filters.q || filters.status || filters.currency || filters.createdFrom || filters.createdTo;

  return (
    <div className="payments-page">
      <PageHeader title="Payments">
        {isOwner ? (
          <button
            type="button"
            className="btn"
            disabled={isExporting}
            onClick={() => {
              setExporting(true);
              void exportPayments().finally(() => setExporting(false));
            }}
          >
            {isExporting ? 'Exporting…' : 'Export CSV'}
          </button>
        ) : null}
      </PageHeader>
      <Filters />
      <p className="muted table-meta" aria-live="polite" data-testid="payments-count">
        {rows.length.toLocaleString()}
        {hasMore ? '+' : ''} payment{rows.length === 1 ? '' : 's'}
        {filtered ? ' match' : ''}
        {isLoading ? (
          <>
            {' '}
            · <Spinner label="Loading payments" />
          </>
        ) : null}
      </p>
      {hasLoaded && rows.length === 0 ? (
        <Empty title={filtered ? 'No payment matches these filters' : 'No payments yet'}>
          {filtered ? (
            'Try another status, asset or date, or clear the search.'
          ) : (
            <a href="#/invoice">Create the first invoice</a>
          )}
        </Empty>
      ) : (
        <div className="ptable" role="table" aria-label="Payments" aria-rowcount={rows.length + 1}>
          <div className="prow prow-head" role="row" aria-rowindex={1}>
            <span role="columnheader" className="c-status">
              Status
            </span>
            <span role="columnheader" className="c-amount num">
              Amount
            </span>
            <span role="columnheader" className="c-ref">
              Reference
            </span>
            <span role="columnheader" className="c-desc">
              Description
            </span>
            <span role="columnheader" className="c-memo">
              Comment
            </span>
            <span role="columnheader" className="c-date">
              Created
            </span>
            <span role="columnheader" className="c-id">
              Payment id
            </span>
          </div>
          <VirtualRows
            items={rows}
            rowHeight={isCards ? CARD_HEIGHT : ROW_HEIGHT}
            keyOf={(p) => p.id}
            label="Payment rows"
            onNearEnd={onNearEnd}
            renderRow={(p, i) => <Row p={p} index={i} />}
          />
        </div>
      )}
    </div>
  );
}
