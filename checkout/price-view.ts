import { formatAmountForLocale } from '../contract/amount';
import { h } from './dom';
import { fill, type Lang, type Strings } from './i18n';
import type { Ui } from './render';
import type { CheckoutView } from './view';

type Choice = CheckoutView['choices'][number];

/**
 * The page's heading and the tab's title: a fiat price says what it costs ("Pay 3.40 EUR"), the asset
 * being the customer's choice below it; an asset-priced payment names its asset, as it always did.
 */
export const headingOf = (t: Strings, lang: Lang, v: CheckoutView): string =>
  v.price
    ? fill(t.payPrice, { price: `${formatAmountForLocale(v.price.amount, lang)} ${v.price.currency}` })
    : fill(t.title, { asset: v.assetName });

/** The choice is offered while nothing has arrived and more than one asset is quoted; a part paid fixes the asset. */
export const canChoose = (v: CheckoutView): boolean =>
  v.status === 'pending' && v.choices.length > 1 && !/[1-9]/.test(v.paidAmount);

function choiceButton(ui: Ui, v: CheckoutView, choice: Choice, money: (amount: string) => string): HTMLElement {
  const chosen = choice.currency === v.currency;
  const button = h(
    'button',
    {
      type: 'button',
      class: 'choice',
      'aria-pressed': chosen ? 'true' : 'false',
      'data-currency': choice.currency,
    },
    h('span', { class: 'choice-name' }, choice.assetName),
    h('span', { class: 'choice-amount' }, `${money(choice.amount)} ${choice.assetSymbol}`),
  );
  button.addEventListener('click', () => {
    if (!chosen) ui.chooseAsset(choice.currency, button);
  });
  return button;
}

/** "1 USDT = 0.92 EUR · sandbox rates, fixed for testing, not market · locked until 14:05 Europe/Berlin". */
function rateLine(ui: Ui, v: CheckoutView, price: NonNullable<CheckoutView['price']>, lockedUntil: string): string {
  const quote = v.choices.find((c) => c.currency === v.currency);
  if (!quote) return '';
  const source =
    quote.source === 'sandbox'
      ? ui.t.rateSandbox
      : quote.source === 'manual'
        ? ui.t.rateManual
        : fill(ui.t.rateFrom, { source: quote.source });
  const rate = `1 ${quote.assetSymbol} = ${formatRate(ui, quote.rate)} ${price.currency}`;
  return [rate, source, fill(ui.t.rateLocked, { time: lockedUntil })].join(' · ');
}

const formatRate = (ui: Ui, rate: string): string => rate.replace('.', decimalMark(ui.lang));
const decimalMark = (lang: string): string =>
  new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/**
 * A fiat price above the amount due: "3.40 EUR", the asset choice (one button per quote, the chosen
 * one pressed) and the rate in small print. Null for an asset-priced payment, which looks as before.
 */
export function priceBlock(
  ui: Ui,
  v: CheckoutView,
  money: (amount: string) => string,
  lockedUntil: string,
): HTMLElement | null {
  const { price } = v;
  if (!price) return null;
  const choose = canChoose(v);
  return h(
    'div',
    { class: 'price-block' },
    h('span', { class: 'label', id: 'price-label' }, ui.t.price),
    h(
      'strong',
      { class: 'price', 'data-field': 'price', 'aria-describedby': 'price-label' },
      `${money(price.amount)} ${price.currency}`,
    ),
    choose &&
      h(
        'div',
        { class: 'choices', role: 'group', 'aria-labelledby': 'pay-in-label' },
        h('span', { class: 'label', id: 'pay-in-label' }, ui.t.payIn),
        ...v.choices.map((choice) => choiceButton(ui, v, choice, money)),
      ),
    h('p', { class: 'hint rate', 'data-field': 'rate' }, rateLine(ui, v, price, lockedUntil)),
  );
}
