import { AssetCodeSchema } from './asset-schemas';
import { z } from 'zod';
import { PAYMENT_STATUSES } from './payments';

/** The price as the merchant set it, in its own currency ("3.40", "EUR"). */
export const CheckoutPriceSchema = z.object({ amount: z.string(), currency: z.string() });

/** One asset the customer may pay a fiat price in, at the rate locked for the payment. */
export const CheckoutChoiceSchema = z.object({
  currency: AssetCodeSchema,
  amount: z.string().meta({ description: 'What the whole price comes to in this asset' }),
  assetSymbol: z.string(),
  assetName: z.string(),
  rate: z.string().meta({ description: 'The price\'s currency per one whole unit of the asset ("0.92")' }),
  source: z.string().meta({ description: 'Where the rate came from; "sandbox": the fixed test table, not the market' }),
});
export type CheckoutChoice = z.infer<typeof CheckoutChoiceSchema>;

/** POST /pay/:paymentId/currency: the asset the customer chooses to pay a fiat price in. */
export const CheckoutCurrencyBodySchema = z.strictObject({ currency: AssetCodeSchema });

/**
 * What the customer's browser may know about a payment (GET /pay/:id/status, the page's initial
 * state, the live stream): enough to pay it and see it land, and the order reference the customer
 * quotes to the shop. Never the customer, metadata, callback or redirect URLs, or transfers.
 */
export const CheckoutViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.string(),
    paidAmount: z.string(),
    dueAmount: z.string(),
    currency: AssetCodeSchema,
    assetSymbol: z.string().meta({ description: 'Written next to every amount: "1.50 TON", "12.50 USDT"' }),
    assetName: z.string().meta({
      description: 'What the page calls the asset where it says what to send: "USDT", "Toncoin (Gram)"',
    }),
    network: z.literal('TON'),
    memo: z.string().meta({ description: 'The transfer comment the customer must include' }),
    address: z.string(),
    description: z.string().nullable(),
    externalId: z
      .string()
      .nullable()
      .meta({ description: "The merchant's order reference, shown on every checkout screen" }),
    links: z.object({ ton: z.string(), tonkeeper: z.string() }),
    price: CheckoutPriceSchema.nullable().meta({
      description:
        'A price in another currency than the asset asked ("3.40 EUR"); null when priced in the asset itself',
    }),
    choices: z.array(CheckoutChoiceSchema).meta({
      description:
        'For a fiat price, one locked quote per accepted asset, the one asked first; the customer may switch (POST /pay/{paymentId}/currency) until something arrives. Empty otherwise',
    }),
    expiresAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    serverTime: z.iso
      .datetime()
      .meta({ description: "The service's clock, so the countdown ignores a wrong device clock" }),
  })
  .meta({ id: 'CheckoutStatus' });
export type CheckoutView = z.infer<typeof CheckoutViewSchema>;

/** The store as the customer sees it at the top of every checkout screen (set in the console's settings). */
export const StoreBrandSchema = z.object({
  name: z.string().nullable(),
  /** an e-mail address or an https URL, for "Already paid? Contact …" */
  contact: z.string().nullable(),
  /** the uploaded logo, served by this service (GET /store/logo?v=…), or null */
  logoUrl: z.string().nullable(),
});
export type StoreBrand = z.infer<typeof StoreBrandSchema>;

/**
 * How the server sets up the checkout page (HPP /pay/:id, EPP /embed), carried in the page's data
 * attributes next to the initial view (server/payment-pages/page-html.ts writes them, checkout/main.ts reads them).
 */
/** hpp: the hosted page nobody may frame; epp: the embedded page the widget frames. */
export const CHECKOUT_MODES = ['hpp', 'epp'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

export const CheckoutPageConfigSchema = z.object({
  mode: z.enum(CHECKOUT_MODES),
  /** EPP: the exact origin of the embedding page, validated by the server against the signature */
  parentOrigin: z.string().nullable(),
  /** EPP in sandbox mode without any origin list: every page may frame it */
  anyOrigin: z.boolean(),
  sandbox: z.boolean(),
  successUrl: z.string().nullable(),
  failUrl: z.string().nullable(),
  store: StoreBrandSchema,
  /** the store's time zone (an IANA name): the page's times are in it, and say so */
  timeZone: z.string().optional(),
});
export type CheckoutPageConfig = z.infer<typeof CheckoutPageConfigSchema>;

/**
 * GET /pay/:id/events (Server-Sent Events): each event name with the JSON its `data:` line carries.
 * The stream opens with a `status` event and sends one on every change.
 */
export interface CheckoutStreamEvents {
  status: CheckoutView;
}
export type CheckoutStreamEventName = keyof CheckoutStreamEvents;
