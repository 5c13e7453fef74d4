/**
 * The texts of a price in the merchant's own currency ("3.40 EUR") and the customer's choice of asset,
 * per language. `i18n.ts` spreads each language's set into its strings, so the languages test holds
 * them to the same rules as the rest (every key, translated, the same placeholders).
 */
const en = {
  /** the heading of a fiat-priced payment: what it costs, the asset being the customer's choice below */
  payPrice: 'Pay {price}',
  price: 'Price',
  payIn: 'Pay in',
  rateSandbox: 'sandbox rates, fixed for testing, not market',
  rateFrom: 'rate from {source}',
  rateManual: "the store's own rate",
  rateLocked: 'locked until {time}',
  chosenAsset: 'Now paying in {asset}: {amount} {symbol}',
  chooseFailed: 'Could not switch: {reason}',
};
export type PriceStrings = typeof en;

const ru: PriceStrings = {
  payPrice: 'Оплата {price}',
  price: 'Цена',
  payIn: 'Оплатить в',
  rateSandbox: 'тестовый курс песочницы, фиксированный, не рыночный',
  rateFrom: 'курс: {source}',
  rateManual: 'курс магазина',
  rateLocked: 'зафиксирован до {time}',
  chosenAsset: 'Оплата в {asset}: {amount} {symbol}',
  chooseFailed: 'Не удалось переключить: {reason}',
};

const de: PriceStrings = {
  payPrice: '{price} bezahlen',
  price: 'Preis',
  payIn: 'Bezahlen in',
  rateSandbox: 'Sandbox-Kurse, fest zum Testen, kein Marktkurs',
  rateFrom: 'Kurs von {source}',
  rateManual: 'Kurs des Shops',
  rateLocked: 'fest bis {time}',
  chosenAsset: 'Jetzt in {asset}: {amount} {symbol}',
  chooseFailed: 'Wechsel nicht möglich: {reason}',
};

const es: PriceStrings = {
  payPrice: 'Pagar {price}',
  price: 'Precio',
  payIn: 'Pagar en',
  rateSandbox: 'tipos de prueba del sandbox, fijos, no de mercado',
  rateFrom: 'tipo de {source}',
  rateManual: 'tipo fijado por la tienda',
  rateLocked: 'fijado hasta las {time}',
  chosenAsset: 'Pagando en {asset}: {amount} {symbol}',
  chooseFailed: 'No se pudo cambiar: {reason}',
};

const pt: PriceStrings = {
  payPrice: 'Pagar {price}',
  price: 'Preço',
  payIn: 'Pagar em',
  rateSandbox: 'cotações de teste do sandbox, fixas, não de mercado',
  rateFrom: 'cotação de {source}',
  rateManual: 'cotação da própria loja',
  rateLocked: 'fixada até {time}',
  chosenAsset: 'Pagando em {asset}: {amount} {symbol}',
  chooseFailed: 'Não foi possível trocar: {reason}',
};

const tr: PriceStrings = {
  payPrice: '{price} öde',
  price: 'Fiyat',
  payIn: 'Ödeme birimi',
  rateSandbox: 'test için sabit sandbox kurları, piyasa değil',
  rateFrom: 'kur kaynağı: {source}',
  rateManual: 'mağazanın kendi kuru',
  rateLocked: '{time} saatine kadar sabit',
  chosenAsset: 'Şimdi {asset} ile ödeniyor: {amount} {symbol}',
  chooseFailed: 'Değiştirilemedi: {reason}',
};

const uk: PriceStrings = {
  payPrice: 'Оплата {price}',
  price: 'Ціна',
  payIn: 'Оплатити в',
  rateSandbox: 'тестовий курс пісочниці, фіксований, не ринковий',
  rateFrom: 'курс: {source}',
  rateManual: 'курс магазину',
  rateLocked: 'зафіксовано до {time}',
  chosenAsset: 'Оплата в {asset}: {amount} {symbol}',
  chooseFailed: 'Не вдалося перемкнути: {reason}',
};

export const PRICE_STRINGS = { en, ru, de, es, pt, tr, uk } satisfies Record<string, PriceStrings>;
