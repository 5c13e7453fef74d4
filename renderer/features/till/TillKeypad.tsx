import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ASSETS } from '../../../contract/asset';
import { formatFigure } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectAcceptedAssets } from '../staff/slice';
import {
  selectCart,
  selectCartSize,
  selectCartTotal,
  selectCatalogue,
  selectCatalogueCurrency,
  selectCatalogueSells,
  selectIsCharging,
  selectTillActions,
  selectTillAsset,
  selectTillEntry,
  selectTillError,
  selectTillFiat,
  selectSaleCurrency,
} from './slice';
import { symbolOf } from './sale-currency';
import { selectTipActions } from './tip-step';

/** The separator people here type; the till accepts both "," and "." whichever is shown. */
const SEPARATOR = new Intl.NumberFormat().formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', SEPARATOR, '0'];

/** The sale's asset, among those the store takes (none to choose when it takes one): remembered; changing it starts the sale again. */
function AssetChoice() {
  const asset = useConsoleStore(selectTillAsset);
  const accepted = useConsoleStore(selectAcceptedAssets);
  const { chooseTillAsset } = useConsoleStore(useShallow(selectTillActions));
  if (accepted.length < 2) return null;
  return (
    <fieldset className="till-asset">
      <legend className="sr-only">Sale in</legend>
      <div className="segmented">
        {accepted.map((code) => (
          <label key={code} className={code === asset ? 'is-on' : ''}>
            <input
              type="radio"
              name="till-asset"
              value={code}
              checked={code === asset}
              onChange={() => chooseTillAsset(code)}
            />
            {ASSETS[code].name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The catalogue's items, when it is priced in the sale's currency: each tap adds one to the cart. */
function Catalogue() {
  const catalogue = useConsoleStore(selectCatalogue);
  const cart = useConsoleStore(selectCart);
  const symbol = symbolOf(useConsoleStore(selectCatalogueCurrency));
  const { addToCart, removeFromCart } = useConsoleStore(useShallow(selectTillActions));
  return (
    <section className="till-catalogue" aria-label="Items">
      <ul className="till-items">
        {catalogue.map((item) => {
          const quantity = cart[item.id] ?? 0;
          return (
            <li key={item.id} className={quantity > 0 ? 'is-in-cart' : ''}>
              <button
                type="button"
                className="till-item"
                onClick={() => addToCart(item.id)}
                aria-label={`Add ${item.name}, ${formatFigure(item.price)} ${symbol}${quantity > 0 ? `, ${quantity} in the cart` : ''}`}
              >
                <span className="till-item-name">{item.name}</span>
                <span className="till-item-price">{formatFigure(item.price)}</span>
                {quantity > 0 ? (
                  <span className="till-item-qty" aria-hidden="true">
                    {quantity}
                  </span>
                ) : null}
              </button>
              {quantity > 0 ? (
                <button
                  type="button"
                  className="btn btn-small till-item-less"
                  onClick={() => removeFromCart(item.id)}
                  aria-label={`One ${item.name} less`}
                >
                  −
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** In a cart the keypad types an amount of its own (a service, a price not in the catalogue) that joins the cart as a line. */
function TypedAmount() {
  const entry = useConsoleStore(selectTillEntry);
  const catalogue = useConsoleStore(selectCatalogue);
  const cartSize = useConsoleStore(selectCartSize);
  const sells = useConsoleStore(selectCatalogueSells);
  const symbol = symbolOf(useConsoleStore(selectSaleCurrency));
  const { addTypedToCart } = useConsoleStore(useShallow(selectTillActions));
  if (catalogue.length === 0 || !sells || (entry === '' && cartSize === 0)) return null;
  return (
    <p className="till-typed-line">
      {entry === '' ? (
        <span className="muted">Type an amount to add it to the cart</span>
      ) : (
        <>
          <span>
            Typed: <output data-testid="till-typed">{entry}</output> {symbol}
          </span>
          <button type="button" className="btn btn-small" onClick={() => addTypedToCart()}>
            Add amount to cart
          </button>
        </>
      )}
    </p>
  );
}

/** A price in the store's currency: the customer picks the asset on the payment screen. */
function FiatNote({ fiat }: { fiat: string }) {
  return (
    <p className="muted" data-testid="till-fiat-note">
      Prices are typed in {fiat}, the store&apos;s currency; the customer pays the locked quote in the asset they
      choose.
    </p>
  );
}

/** A catalogue priced in another currency than the sale's cannot be sold from: its prices would be read wrong. */
function OtherCurrencyNote({ fiat }: { fiat: string | null }) {
  const catalogueSymbol = symbolOf(useConsoleStore(selectCatalogueCurrency));
  const saleSymbol = symbolOf(useConsoleStore(selectSaleCurrency));
  return (
    <p className="muted" data-testid="till-catalogue-other-asset">
      The catalogue is priced in {catalogueSymbol}:{' '}
      {fiat
        ? `re-price it in ${fiat} (Settings → Till catalogue) to sell from it here; type the price on the keypad.`
        : `type the amount in ${saleSymbol} on the keypad.`}
    </p>
  );
}

/** Beside the keypad: the catalogue when it sells in this currency, else what the cashier types and why. */
function KeypadSide({ fiat }: { fiat: string | null }) {
  const hasItems = useConsoleStore(selectCatalogue).length > 0;
  const sells = useConsoleStore(selectCatalogueSells);
  if (hasItems && sells) return <Catalogue />;
  if (!hasItems && !fiat) return null;
  return (
    <div className="till-catalogue">
      {fiat ? <FiatNote fiat={fiat} /> : null}
      {hasItems ? <OtherCurrencyNote fiat={fiat} /> : null}
    </div>
  );
}

/** The entry screen: a keypad (and the keyboard) for an amount, or a cart from the catalogue and typed amounts. */
export function TillKeypad() {
  const entry = useConsoleStore(selectTillEntry);
  const cartSize = useConsoleStore(selectCartSize);
  const cartTotal = useConsoleStore(selectCartTotal);
  const fiat = useConsoleStore(selectTillFiat);
  const symbol = symbolOf(useConsoleStore(selectSaleCurrency));
  const isCharging = useConsoleStore(selectIsCharging);
  const error = useConsoleStore(selectTillError);
  const { pressTillKey, chargeTill, loadCatalogue, loadTillFiat, clearCart } = useConsoleStore(
    useShallow(selectTillActions),
  );
  const { loadTipSettings } = useConsoleStore(useShallow(selectTipActions));
  useEffect(() => {
    void loadCatalogue();
    void loadTipSettings();
    void loadTillFiat();
  }, [loadCatalogue, loadTipSettings, loadTillFiat]);
  const hasCart = cartSize > 0;
  return (
    <section className="till-entry" aria-labelledby="till-entry-title">
      <h1 id="till-entry-title" className="sr-only">
        New sale
      </h1>
      {fiat ? null : <AssetChoice />}
      <p className="till-display-label">
        {hasCart ? `Cart · ${cartSize} ${cartSize === 1 ? 'item' : 'items'}` : fiat ? 'Price' : 'Amount'}
      </p>
      <output
        className="till-display"
        data-testid="till-display"
        aria-live="polite"
        aria-label={hasCart ? `Cart total in ${symbol}` : `${fiat ? 'Price' : 'Amount'} in ${symbol}`}
      >
        {hasCart ? formatFigure(cartTotal) : entry || '0'} <small>{symbol}</small>
      </output>
      <TypedAmount />
      {error ? (
        <p className="till-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className={`till-entry-body${hasCart ? ' has-cart' : ''}`}>
        <div className="keypad" role="group" aria-label="Keypad">
          {KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className="keypad-key"
              onClick={() => pressTillKey(key)}
              aria-label={key === SEPARATOR ? 'Decimal separator' : key}
            >
              {key}
            </button>
          ))}
          <button type="button" className="keypad-key" onClick={() => pressTillKey('Backspace')} aria-label="Backspace">
            ⌫
          </button>
          <button
            type="button"
            className="keypad-key keypad-clear"
            disabled={hasCart ? false : entry === ''}
            onClick={() => (hasCart ? clearCart() : pressTillKey('Clear'))}
          >
            {hasCart ? 'Clear cart' : 'Clear'}
          </button>
        </div>
        <KeypadSide fiat={fiat} />
      </div>
      <button
        type="button"
        className="btn btn-primary till-charge"
        disabled={isCharging}
        onClick={() => void chargeTill()}
      >
        {isCharging ? 'Creating…' : 'Charge (Enter)'}
      </button>
    </section>
  );
}
