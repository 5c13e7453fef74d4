/**
 * The examples the API reference shows (and its curl commands send). test/server/openapi-contract
 * parses each with the schema it illustrates, so an example cannot drift from what the service does.
 */

const SERVICE = 'https://pay.example';
const ID = 'pay_7Kee6t01zB9l6HAdmhBmwP';
const MEMO = 'TT-HFWFKRUVY6';
const WALLET = 'UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP';
const USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';
const TRANSFER_QUERY = `jetton=${USDT_MASTER}&amount=10000000&text=${MEMO}`;

export const depositRequestExamples = [
  { currency: 'USDT', mainCurrency: 'TON', amount: '10.00', externalId: 'order-1' },
  {
    currency: 'USDT',
    mainCurrency: 'TON',
    amount: '24.90',
    externalId: 'order-2',
    description: 'Two coffees and a croissant',
    customer: { email: 'ada@example.com' },
    callbackUrl: 'https://shop.example/webhooks/tontill',
    successUrl: 'https://shop.example/orders/2/thanks',
    failUrl: 'https://shop.example/orders/2',
    metadata: { table: '7' },
  },
  // a Toncoin payment: the same request with currency TON; the amount in TON, up to 9 decimals
  { currency: 'TON', mainCurrency: 'TON', amount: '1.50', externalId: 'order-4' },
  // a price in euros: the customer pays its locked quote in USDT or Toncoin, whichever they choose
  { currency: 'EUR', mainCurrency: 'TON', amount: '3.40', externalId: 'order-5' },
];

export const widgetSessionRequestExample = {
  currency: 'USDT',
  mainCurrency: 'TON',
  amount: '10.00',
  externalId: 'order-3',
  allowedOrigins: ['https://shop.example'],
};

const pending = {
  id: ID,
  paymentId: ID,
  kind: 'invoice',
  status: 'pending',
  amount: '10.00',
  amountBaseUnits: '10000000',
  paidAmount: '0.00',
  dueAmount: '10.00',
  overpaidAmount: '0.00',
  refundedAmount: '0.00',
  currency: 'USDT',
  mainCurrency: 'TON',
  price: { amount: '10.00', currency: 'USDT' },
  quotes: [],
  tolerance: { percent: '0', shortfall: '0.00' },
  externalId: 'order-1',
  description: null,
  memo: MEMO,
  address: WALLET,
  jettonMaster: USDT_MASTER,
  links: {
    checkout: `${SERVICE}/pay/${ID}`,
    ton: `ton://transfer/${WALLET}?${TRANSFER_QUERY}`,
    tonkeeper: `https://app.tonkeeper.com/transfer/${WALLET}?${TRANSFER_QUERY}`,
  },
  late: false,
  expiresAt: '2026-11-21T12:30:00.000Z',
  paidAt: null,
  customer: null,
  callbackUrl: null,
  successUrl: null,
  failUrl: null,
  metadata: null,
  transfers: [],
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
};

const paid = {
  ...pending,
  status: 'paid',
  paidAmount: '10.00',
  dueAmount: '0.00',
  paidAt: '2026-11-21T12:03:12.000Z',
  updatedAt: '2026-11-21T12:03:12.000Z',
  transfers: [
    {
      txHash: '8c41e7a4d46c2f18bff5d4f9a0447904053fcd1f6cb879cedfe0806e2264ec37',
      amount: '10.00',
      from: 'UQBSHi-kA2wxatahX95V30-zd89DaAzUsZejFcnRJIjdkZfK',
      comment: MEMO,
      creditedAt: '2026-11-21T12:03:12.000Z',
      explorerUrl: 'https://tonviewer.com/transaction/8c41e7a4d46c2f18bff5d4f9a0447904053fcd1f6cb879cedfe0806e2264ec37',
    },
  ],
};

/** 3.40 EUR at 0.9412 EUR per USDT and 4.87 EUR per TON, each rounded up to the asset's smallest unit. */
const fiatPriced = {
  ...pending,
  id: 'pay_3hVq0d2kNc7sXwY1pLm8Rz',
  paymentId: 'pay_3hVq0d2kNc7sXwY1pLm8Rz',
  externalId: 'order-5',
  amount: '3.612410',
  amountBaseUnits: '3612410',
  dueAmount: '3.612410',
  price: { amount: '3.40', currency: 'EUR' },
  quotes: [
    { currency: 'USDT', amount: '3.612410', rate: '0.9412', source: 'tonapi', fixedAt: '2026-11-21T11:59:30.000Z' },
    { currency: 'TON', amount: '0.698151951', rate: '4.87', source: 'tonapi', fixedAt: '2026-11-21T11:59:30.000Z' },
  ],
  tolerance: { percent: '0.5', shortfall: '0.00' },
  links: {
    checkout: `${SERVICE}/pay/pay_3hVq0d2kNc7sXwY1pLm8Rz`,
    ton: `ton://transfer/${WALLET}?jetton=${USDT_MASTER}&amount=3612410&text=${MEMO}`,
    tonkeeper: `https://app.tonkeeper.com/transfer/${WALLET}?jetton=${USDT_MASTER}&amount=3612410&text=${MEMO}`,
  },
};

export const paymentExamples = [pending, paid, fiatPriced];

export const hostedDepositExample = { ...pending, kind: 'hpp', url: pending.links.checkout };

export const receivingAddressExample = { ...pending, kind: 'address', network: 'TON', decimals: 6 };

export const widgetSessionExample = {
  signature:
    'v1.eyJwaWQiOiJwYXlfN0tlZTZ0MDF6QjlsNkhBZG1oQm13UCIsInN2YyI6Imh0dHBzOi8vcGF5LmV4YW1wbGUiLCJleHAiOjE3OTUyNjMwMDB9.7p0f_P1-lOyRZfdgl_FCAv0um8LXjZeuxXuGykS7e4A',
  paymentId: ID,
  expiresAt: pending.expiresAt,
  signatureExpiresAt: pending.expiresAt,
  payment: { ...pending, kind: 'widget', externalId: 'order-3' },
};
