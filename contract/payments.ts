import { z } from 'zod';
import { parseAmount, parseAnyAmount, type ParsedAmount } from './amount';
import { ASSETS, type AssetCode } from './asset';
import { AssetCodeSchema } from './asset-schemas';
import { PriceCurrencySchema, PriceSchema, QuoteSchema, ToleranceSchema } from './price-schemas';
import {
  depositRequestExamples,
  hostedDepositExample,
  paymentExamples,
  receivingAddressExample,
  widgetSessionExample,
  widgetSessionRequestExample,
} from './payment-examples';

/** How a payment was created: deposit (hpp), receiving address, invoice or widget session. */
export const PAYMENT_KINDS = ['hpp', 'address', 'invoice', 'widget'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = ['pending', 'partially_paid', 'paid', 'expired', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Everything the service announces, on webhooks, SSE and timelines. */
export const PAYMENT_EVENT_TYPES = [
  'payment.created',
  // a fiat-priced payment now asks another accepted asset's locked quote: the customer chose it, or paid in it
  'payment.asset_chosen',
  'payment.partially_paid',
  'payment.paid',
  'payment.overpaid',
  'payment.late',
  'payment.late_partially_paid',
  'payment.expired',
  'payment.cancelled',
  'payment.credited_after_close',
  'transfer.unmatched',
  // the merchant's inbox decisions: attached (on the payment's timeline), dismissed, and a dismissal undone
  'transfer.attached',
  'transfer.dismissed',
  'transfer.restored',
  // the store's books and the chain: a difference between the ledger and the wallet's balance on chain
  'ledger.discrepancy',
  // the watcher's source of chain data failed over to another provider, and came back
  'watcher.degraded',
  'watcher.recovered',
  // refunds, each sent by the merchant's own wallet: asked for, seen leaving the wallet, bounced back, cancelled
  'refund.created',
  'refund.sent',
  'refund.failed',
  'refund.cancelled',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Big enough for any plausible order, small enough to stay far from integer limits. */
const AMOUNT_FORMAT_MAX = 10n ** 21n;

/** A decimal amount string, checked by `parse` (the asset's decimals, or any asset's before it is known). */
const decimalAmountSchema = (parse: (value: string) => ParsedAmount) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a decimal string such as "10.00"'),
    })
    .superRefine((value, ctx) => {
      const parsed = parse(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    });

// the asset's own decimals (6 for USDT, 9 for Toncoin) are checked where the asset is known
export const AmountSchema = decimalAmountSchema((value) => parseAnyAmount(value, AMOUNT_FORMAT_MAX)).meta({
  description: "Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)",
  example: '10.00',
});

/** An amount of one asset: up to its decimals. */
export const amountSchemaIn = (asset: AssetCode) =>
  decimalAmountSchema((value) => parseAmount(value, AMOUNT_FORMAT_MAX, asset)).meta({
    description: `Decimal ${asset} amount as a string, up to ${ASSETS[asset].decimals} decimals`,
    example: '10.00',
  });

const hasCredentials = (url: URL): boolean => url.username !== '' || url.password !== '';

const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL` })
    .max(2048)
    // credentials in a URL would be stored and shown in logs and the console
    .refine((value) => !URL.canParse(value) || !hasCredentials(new URL(value)), 'must not contain credentials')
    .meta({ description: what });

export const OriginSchema = z
  .string()
  .max(255)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'must be an origin such as https://shop.example (scheme, host and optional port, no path)');

export const CustomerSchema = z
  .strictObject({
    id: z.string().min(1).max(128).optional(),
    email: z.email().max(254).optional(),
    name: z.string().min(1).max(200).optional(),
  })
  .meta({ id: 'Customer', description: 'Optional customer information shown to the merchant, never on chain' });
export type Customer = z.infer<typeof CustomerSchema>;

/** Fields every creation endpoint accepts; the quick-start payload is the minimal subset. */
export const DepositRequestSchema = z
  .strictObject({
    currency: PriceCurrencySchema,
    mainCurrency: z.literal('TON', { error: 'unsupported network: only "TON" is accepted' }).default('TON'),
    amount: AmountSchema,
    externalId: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .meta({ description: 'Your order id; makes creation idempotent' }),
    description: z.string().max(500).optional(),
    customer: CustomerSchema.optional(),
    callbackUrl: httpUrl('Webhook URL for this payment only').optional(),
    successUrl: httpUrl('Where the hosted page returns the customer after paying').optional(),
    failUrl: httpUrl('Where the hosted page sends the customer after expiry or cancellation').optional(),
    expiresInSeconds: z
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .optional(),
    metadata: z
      .record(z.string().max(40), z.string().max(500))
      .refine((m) => Object.keys(m).length <= 20, 'at most 20 keys')
      .optional(),
  })
  .meta({
    id: 'DepositRequest',
    description:
      'What every creation endpoint accepts; the quick-start payload (currency, mainCurrency, amount, externalId) is enough',
    examples: depositRequestExamples,
  });
export type DepositRequest = z.infer<typeof DepositRequestSchema>;

export const WidgetSessionRequestSchema = DepositRequestSchema.extend({
  allowedOrigins: z
    .array(OriginSchema)
    .min(1)
    .max(10)
    .optional()
    .meta({ description: 'Origins allowed to frame the embedded page' }),
}).meta({ id: 'WidgetSessionRequest', examples: [widgetSessionRequestExample] });
export type WidgetSessionRequest = z.infer<typeof WidgetSessionRequestSchema>;

export const PaymentIdParamsSchema = z.strictObject({
  paymentId: z.string().regex(/^pay_[0-9A-Za-z]{22}$/, 'must be a payment id such as pay_…'),
});

export const TransferSchema = z
  .object({
    txHash: z.string(),
    amount: z.string(),
    from: z.string().nullable(),
    comment: z.string().nullable(),
    creditedAt: z.iso.datetime(),
    explorerUrl: z.string(),
  })
  .meta({ id: 'Transfer', description: 'A transfer credited to the payment' });

export const PaymentLinksSchema = z
  .object({
    checkout: z.string().meta({ description: 'Hosted payment page' }),
    ton: z.string().meta({ description: 'ton:// transfer link: with jetton= for USDT, plain nanotons for TON' }),
    tonkeeper: z.string().meta({ description: 'Tonkeeper https link' }),
  })
  .meta({ id: 'PaymentLinks' });
export type PaymentLinks = z.infer<typeof PaymentLinksSchema>;

export const PaymentSchema = z
  .object({
    id: z.string(),
    paymentId: z.string().meta({ description: 'Same as id, under the name the spec uses' }),
    kind: z.enum(PAYMENT_KINDS),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.string(),
    amountBaseUnits: z.string().meta({ description: "Amount in the asset's base units (micro-USDT, nanotons)" }),
    paidAmount: z.string(),
    dueAmount: z.string(),
    overpaidAmount: z.string(),
    refundedAmount: z
      .string()
      .meta({ description: "What refunds sent back from the merchant's wallet (and did not bounce)" }),
    currency: AssetCodeSchema.meta({
      description:
        'The asset the customer pays in; for a fiat price, the quote chosen (the first accepted until one is)',
    }),
    mainCurrency: z.literal('TON'),
    price: PriceSchema,
    quotes: z.array(QuoteSchema).meta({
      description:
        'For a fiat price, one locked quote per accepted asset; whichever is paid settles it. Empty otherwise',
    }),
    tolerance: ToleranceSchema,
    externalId: z.string().nullable(),
    description: z.string().nullable(),
    memo: z.string().meta({ description: 'Transfer comment the customer must include' }),
    address: z.string().meta({ description: "Merchant's TON wallet address to pay to" }),
    jettonMaster: z
      .string()
      .meta({ description: "The USDT jetton's master; for a TON payment still the store's USDT master, as before" }),
    links: PaymentLinksSchema,
    late: z.boolean(),
    expiresAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    customer: CustomerSchema.nullable(),
    callbackUrl: z.string().nullable(),
    successUrl: z.string().nullable(),
    failUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.string()).nullable(),
    transfers: z.array(TransferSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    id: 'Payment',
    description: 'A payment: what a deposit, an invoice or a widget session creates',
    examples: paymentExamples,
  });
export type PublicPayment = z.infer<typeof PaymentSchema>;

export const HostedDepositResponseSchema = PaymentSchema.extend({
  url: z.string().meta({ description: 'Redirect the customer here' }),
}).meta({ id: 'HostedDeposit', examples: [hostedDepositExample] });

export const ReceivingAddressResponseSchema = PaymentSchema.extend({
  network: z.literal('TON'),
  decimals: z.number().int().meta({ description: "The currency's decimals: 6 for USDT, 9 for TON" }),
}).meta({ id: 'ReceivingAddress', examples: [receivingAddressExample] });

export const WidgetSessionResponseSchema = z
  .object({
    signature: z.string(),
    paymentId: z.string(),
    expiresAt: z.iso.datetime().meta({ description: 'When the payment expires' }),
    signatureExpiresAt: z.iso.datetime(),
    payment: PaymentSchema,
  })
  .meta({
    id: 'WidgetSession',
    description: 'An EPP signature and the payment it names',
    examples: [widgetSessionExample],
  });

export const ListPaymentsQuerySchema = z.strictObject({
  status: z.enum(PAYMENT_STATUSES).optional(),
  externalId: z.string().max(128).optional(),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor returned by a previous page')
    .optional(),
});

export const PaymentListSchema = z
  .object({
    items: z.array(PaymentSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'PaymentList' });

export const SandboxSignatureQuerySchema = z.strictObject({
  amount: AmountSchema.default('10.00'),
  externalId: z.string().trim().min(1).max(128).optional(),
  allowedOrigins: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((s) => s.trim()) : undefined))
    .pipe(z.array(OriginSchema).max(10).optional()),
});
