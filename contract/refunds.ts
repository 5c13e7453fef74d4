import { AssetCodeSchema } from './asset-schemas';
import { z } from 'zod';
import { AmountSchema, PaymentIdParamsSchema, PaymentSchema } from './payments';
import { WalletTransferRequestBodySchema } from './wallet-connect';

/**
 * A refund is money the merchant's own wallet sends back; the service never holds a key. It waits
 * for the merchant to sign (`awaiting_signature`) until the watcher sees the transfer leave the
 * store's jetton wallet with the refund's memo and amount (`sent`), or its jettons come back bounced
 * (`failed`), or the merchant cancels it before sending (`cancelled`).
 */
export const REFUND_STATUSES = ['awaiting_signature', 'sent', 'failed', 'cancelled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refunds that count against what was paid: one awaiting a signature may still be sent. */
export const REFUND_STATUSES_HOLDING = ['awaiting_signature', 'sent'] as const satisfies readonly RefundStatus[];

/** A friendly (EQ…/UQ…/kQ…/0Q…) or raw (0:<64 hex>) TON address; the service checks its checksum. */
const TonAddressSchema = z
  .string()
  .trim()
  .regex(
    /^(?:[A-Za-z0-9_-]{48}|[A-Za-z0-9+/]{46}[A-Za-z0-9+/=]{2}|-?\d{1,3}:[0-9a-fA-F]{64})$/,
    'must be a TON address such as UQ… or 0:<64 hex digits>',
  )
  .meta({ description: 'TON wallet address (user-friendly or raw form)' });

/**
 * Where a refund stated as a fiat amount takes its rate: 'original', the payment's locked quote (the
 * rate then); 'current', the rate the service's sources give now (today's rate).
 */
export const REFUND_RATE_BASES = ['original', 'current'] as const;
export type RefundRateBasis = (typeof REFUND_RATE_BASES)[number];

const RefundFiatRequestSchema = z
  .strictObject({
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,15}(?:\.\d{1,4})?$/, 'must be a decimal such as 3.40')
      .meta({ description: "In the payment's price currency, with at most its minor digits", example: '3.40' }),
    basis: z.enum(REFUND_RATE_BASES).default('original').meta({
      description: "original: the payment's locked quote; current: today's rate (503 RATE_UNAVAILABLE without one)",
    }),
  })
  // inline, not a named component: a field with a default inside a named request schema reads as required to generated clients
  .meta({ description: "A refund stated in the payment's price currency" });

export const CreateRefundRequestSchema = z
  .strictObject({
    amount: AmountSchema.optional().meta({
      description:
        'In the paid asset. Defaults to the overpaid excess, or else to everything paid and not yet refunded; not with `fiat`',
    }),
    fiat: RefundFiatRequestSchema.optional().meta({
      description:
        "A fiat-priced payment only: the refund as an amount of its price currency, converted into the paid asset at the basis' rate and rounded up to its smallest unit",
    }),
    reason: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .meta({ description: 'Why: shown on the refund, the receipt and the audit log' }),
    destination: TonAddressSchema.optional().meta({
      description: 'Defaults to the address that paid; required when several did',
    }),
  })
  .meta({ id: 'CreateRefundRequest' });
export type CreateRefundRequest = z.infer<typeof CreateRefundRequestSchema>;

export const RefundIdParamsSchema = PaymentIdParamsSchema.extend({
  refundId: z.string().regex(/^rfd_[0-9A-Za-z]{22}$/, 'must be a refund id such as rfd_…'),
});

export const RefundLinksSchema = z
  .object({
    ton: z.string().meta({
      description:
        'ton:// link: a transfer of exactly `amount` of `asset` to `destination` with `memo` as its comment (a jetton transfer for USDT, a plain one for Toncoin)',
    }),
    tonkeeper: z.string().meta({ description: 'The same transfer as a Tonkeeper https link' }),
  })
  .meta({ id: 'RefundLinks' });

/** A refund stated as a fiat amount: that amount, and the rate that made its asset amount. */
export const RefundFiatSchema = z
  .object({
    amount: z.string().meta({ example: '3.40' }),
    currency: z.string().meta({ description: "The payment's price currency (ISO 4217)", example: 'EUR' }),
    rate: z.string().meta({ description: '`currency` per one whole unit of `asset`', example: '0.92' }),
    basis: z.enum(REFUND_RATE_BASES),
    source: z.string().meta({ description: 'Where the rate came from: sandbox, manual, tonapi, …' }),
    fixedAt: z.iso.datetime().meta({ description: 'When the source fixed the rate' }),
  })
  .meta({ id: 'RefundFiat' });
export type RefundFiatView = z.infer<typeof RefundFiatSchema>;

/** Today's rate for a fiat refund, as the console shows it before the refund is asked. */
export const RefundRateSchema = z
  .object({
    currency: z.string().meta({ description: "The payment's price currency (ISO 4217)" }),
    asset: AssetCodeSchema,
    rate: z.string().meta({ description: '`currency` per one whole unit of `asset`' }),
    source: z.string(),
    fixedAt: z.iso.datetime(),
  })
  .meta({ id: 'RefundRate' });
export type RefundRate = z.infer<typeof RefundRateSchema>;

export const RefundSchema = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    status: z.enum(REFUND_STATUSES),
    asset: AssetCodeSchema.meta({ description: 'What goes back: the asset the payment was paid in' }),
    amount: z.string(),
    amountBaseUnits: z.string().meta({ description: 'Amount in base units of `asset` (micro-USDT, nanotons)' }),
    destination: z.string().meta({ description: 'Wallet address the money goes back to' }),
    memo: z.string().meta({ description: 'Comment the refund transfer must carry: how the watcher recognises it' }),
    reason: z.string().nullable(),
    links: RefundLinksSchema,
    txHash: z.string().nullable().meta({ description: 'The transaction that sent it, once sent' }),
    createdBy: z.string().meta({ description: 'Who asked for it: "api" or the console user' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    fiat: RefundFiatSchema.nullable().meta({ description: 'What it was stated as, when a fiat amount; else null' }),
  })
  .meta({ id: 'Refund', description: "A refund, signed by the merchant's own wallet" });
export type PublicRefund = z.infer<typeof RefundSchema>;

export const RefundListSchema = z.object({ items: z.array(RefundSchema) }).meta({ id: 'RefundList' });

/** The data of a refund.* event: the refund and its payment as they are after the change. */
export const RefundEventDataSchema = z
  .object({
    refund: RefundSchema,
    payment: PaymentSchema,
    sentAfterCancel: z.literal(true).optional().meta({
      description:
        'refund.sent only: the wallet sent the refund after it had been cancelled (its QR code was already open), so it counts after all',
    }),
  })
  .meta({ id: 'RefundEventData' });
export type RefundEventData = z.infer<typeof RefundEventDataSchema>;

/**
 * What `simulate refund` plays: the refund as asked, one base unit short, with a comment that is not
 * its memo, or as asked and then bounced back to the store's wallet.
 */
export const SIMULATED_REFUND_CASES = ['exact', 'short', 'wrong-memo', 'bounce'] as const;

export const SimulateRefundRequestSchema = z.strictObject({
  refundId: RefundIdParamsSchema.shape.refundId,
  case: z.enum(SIMULATED_REFUND_CASES).default('exact'),
});
export type SimulateRefundRequest = z.input<typeof SimulateRefundRequestSchema>;

export const SimulatedRefundSchema = z
  .object({
    case: z.enum(SIMULATED_REFUND_CASES),
    txHashes: z.array(z.string()),
    refund: RefundSchema,
  })
  .meta({
    id: 'SimulatedRefund',
    description: "The transactions the merchant's wallet sent, and the refund afterwards",
  });
export type SimulatedRefund = z.infer<typeof SimulatedRefundSchema>;

/** How the store's jetton wallet's balance moved besides a transfer in: sent by its owner, or come back bounced. */
export const WALLET_MOVEMENT_KINDS = ['sent', 'returned'] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];

/** A transfer the store's jetton wallet sent (or got back bounced), and the refund it was, if any. */
export const OutgoingTransferSchema = z
  .object({
    txHash: z.string(),
    at: z.iso.datetime(),
    kind: z.enum(WALLET_MOVEMENT_KINDS).meta({ description: 'sent: left the wallet; returned: came back bounced' }),
    asset: AssetCodeSchema.meta({ description: 'USDT from the jetton wallet, TON from the store wallet' }),
    amount: z.string(),
    counterparty: z
      .string()
      .nullable()
      .meta({ description: 'sent: the recipient; returned: the wallet that refused it' }),
    comment: z.string().nullable(),
    refund: z
      .object({ id: z.string(), paymentId: z.string(), status: z.enum(REFUND_STATUSES) })
      .nullable()
      .meta({
        description:
          'The refund this transfer sent; null when no refund explains it (a withdrawal, or a refund sent wrong)',
      }),
  })
  .meta({ id: 'OutgoingTransfer' });
export type OutgoingTransfer = z.infer<typeof OutgoingTransferSchema>;

export const OutgoingTransferListSchema = z
  .object({ items: z.array(OutgoingTransferSchema) })
  .meta({ id: 'OutgoingTransferList' });

/**
 * POST /console/api/payments/:paymentId/refunds/:refundId/wallet-request (issue 30, "Send with my
 * wallet"): the merchant's connected wallet, as it reported itself on connecting. The answer is the
 * checkout's own WalletTransferRequest (contract/wallet-connect.ts), passed to sendTransaction as it is.
 */
export const RefundWalletRequestBodySchema = z
  .object({
    from: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: "The connected wallet's address (raw or user-friendly): the store's receiving wallet" }),
    network: WalletTransferRequestBodySchema.shape.network,
  })
  .meta({ id: 'RefundWalletRequestBody' });
export type RefundWalletRequestBody = z.infer<typeof RefundWalletRequestBodySchema>;
