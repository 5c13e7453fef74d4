import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MAX_CATALOGUE_ITEMS, type CatalogueItem } from '../../../contract/console';
import { formatFigure } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { parseSaleEntry, symbolOf } from './sale-currency';
import {
  selectCatalogue,
  selectCatalogueCurrency,
  selectIsSavingCatalogue,
  selectStoreCurrency,
  selectTillActions,
} from './slice';

/** A row as typed: the item's own fields, its price still as entered (checked on save), and what it cost before. */
type Row = CatalogueItem & { was?: string };

/** A new id unlike the others: the till's cart keys items by it, so a renamed item keeps its place. */
function freshId(rows: Row[]): string {
  const taken = new Set(rows.map((r) => r.id));
  let n = rows.length + 1;
  while (taken.has(`item-${n}`)) n++;
  return `item-${n}`;
}

/** Each row as the service takes it, priced in `currency`, or the first problem by row. */
function itemsOf(rows: Row[], currency: string): { items: CatalogueItem[] } | { problem: string } {
  const items: CatalogueItem[] = [];
  for (const [i, row] of rows.entries()) {
    if (!row.name.trim()) return { problem: `Item ${i + 1}: enter a name.` };
    const price = parseSaleEntry(row.price, currency);
    if (!price.ok) return { problem: `${row.name.trim()}: ${price.message}` };
    items.push({ id: row.id, name: row.name.trim(), price: price.amount });
  }
  return { items };
}

/**
 * The rows to edit in `currency`: the saved prices as they are, or, when the catalogue was priced in
 * another currency, empty for the merchant to type (a USDT price is no EUR price) with the old one beside.
 */
const rowsFor = (catalogue: CatalogueItem[], savedIn: string, currency: string): Row[] =>
  catalogue.map((item) => (savedIn === currency ? { ...item } : { ...item, price: '', was: item.price }));

/** Settings: the till's optional item catalogue (name and price in the store's currency); the till builds a cart from it. */
export function CatalogueSettings() {
  const catalogue = useConsoleStore(selectCatalogue);
  const savedIn = useConsoleStore(selectCatalogueCurrency);
  const storeCurrency = useConsoleStore(selectStoreCurrency);
  const isSaving = useConsoleStore(selectIsSavingCatalogue);
  const { loadCatalogue, loadTillFiat, saveCatalogue } = useConsoleStore(useShallow(selectTillActions));
  // the merchant types prices in the store's currency; saving re-prices a catalogue kept in another one
  const currency = storeCurrency ?? savedIn;
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void loadCatalogue();
    void loadTillFiat();
  }, [loadCatalogue, loadTillFiat]);
  useEffect(() => {
    setRows(rowsFor(catalogue, savedIn, currency));
  }, [catalogue, savedIn, currency]);
  const edit = (id: string, patch: Partial<Row>) => {
    setProblem(null);
    setRows((old) => old.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = itemsOf(rows, currency);
    if ('problem' in checked) setProblem(checked.problem);
    else void saveCatalogue(checked.items, currency);
  };
  const symbol = symbolOf(currency);
  return (
    <form
      className="card form catalogue-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="catalogue-title"
      data-testid="catalogue-settings"
    >
      <h2 id="catalogue-title">Till catalogue</h2>
      <p className="muted small">
        Optional. Items appear on the till beside the keypad; tapping them builds a cart and the invoice lists them.
        Prices are in {symbol}.
      </p>
      {catalogue.length > 0 && savedIn !== currency ? (
        <p className="callout callout-warn" role="status" data-testid="catalogue-currency-notice">
          Priced in {symbolOf(savedIn)}; your store currency is {symbol}. Re-price the items to sell them in {symbol}.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">No items yet.</p>
      ) : (
        <ul className="catalogue-rows">
          {rows.map((row, i) => (
            <li key={row.id}>
              <label>
                <span className="sr-only">Item {i + 1} name</span>
                <input
                  value={row.name}
                  placeholder="Espresso"
                  aria-label={`Item ${i + 1} name`}
                  onChange={(e) => edit(row.id, { name: e.target.value })}
                />
              </label>
              <label>
                <span className="sr-only">
                  Item {i + 1} price ({symbol})
                </span>
                <input
                  value={row.price}
                  placeholder={row.was ? `${formatFigure(row.was)} ${symbolOf(savedIn)}` : '2.50'}
                  title={row.was ? `Was ${formatFigure(row.was)} ${symbolOf(savedIn)}` : undefined}
                  inputMode="decimal"
                  aria-label={`Item ${i + 1} price (${symbol})`}
                  onChange={(e) => edit(row.id, { price: e.target.value })}
                />
              </label>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={`Remove item ${i + 1}`}
                onClick={() => setRows((old) => old.filter((r) => r.id !== row.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          disabled={rows.length >= MAX_CATALOGUE_ITEMS}
          onClick={() => setRows((old) => [...old, { id: freshId(old), name: '', price: '' }])}
        >
          Add item
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save catalogue'}
        </button>
      </div>
    </form>
  );
}
