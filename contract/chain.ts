import { AssetCodeSchema } from './asset-schemas';
import { z } from 'zod';
import { AmountSchema, PaymentSchema } from './payments';

/** Where the service watches for transfers: the offline sandbox chain, testnet or mainnet. */
export const CHAIN_MODES = ['sandbox', 'testnet', 'mainnet'] as const;
export const ChainModeSchema = z.enum(CHAIN_MODES).meta({ id: 'ChainMode' });
export type ChainMode = z.infer<typeof ChainModeSchema>;

const iso = z.iso.datetime();

/** A signed amount of an asset ("-1.50", "0.000000001"): differences and effects on a balance. */
const SignedAmountSchema = z.string().regex(/^-?\d+\.\d{2,9}$/);

/** A chain data provider's part: serving, ready to, failing, or serving data that stopped moving. */
export const PROVIDER_STATES = ['active', 'standby', 'failing', 'stalled'] as const;
export type ProviderState = (typeof PROVIDER_STATES)[number];

/** How a movement missing from the ledger moved the wallet: money in, sent out, or come back bounced. */
export const UNRECORDED_KINDS = ['in', 'sent', 'returned'] as const;
export type UnrecordedKind = (typeof UNRECORDED_KINDS)[number];

/**
 * GET /console/api/watcher. Without a chain runtime (tests, a failed start) only mode and running
 * are known, so the rest is optional.
 */
export const WatcherStatusViewSchema = z
  .object({
    mode: ChainModeSchema,
    running: z.boolean(),
    merchantAddress: z.string().optional(),
    jettonMaster: z.string().optional(),
    watchedAccount: z.string().optional().meta({ description: "The merchant's jetton wallet the watcher polls" }),
    lastPollAt: iso.nullable().optional(),
    lastSuccessAt: iso.nullable().optional(),
    lagSeconds: z
      .number()
      .nullable()
      .optional()
      .meta({ description: 'Now minus the time of the newest transaction seen' }),
    consecutiveErrors: z.number().int().optional(),
    lastError: z.string().nullable().optional(),
    cursor: z
      .object({ lt: z.string(), hash: z.string() })
      .nullable()
      .optional()
      .meta({ description: 'The newest transaction fully processed' }),
    newestTransactionAt: iso
      .nullable()
      .optional()
      .meta({ description: 'Chain time of the newest transaction the watcher has read' }),
    stream: z
      .object({
        connected: z.boolean(),
        since: iso.nullable(),
        lastEventAt: iso.nullable(),
        reconnects: z.number().int(),
        lastError: z.string().nullable(),
      })
      .nullable()
      .optional()
      .meta({ description: "toncenter's stream that wakes the watcher; null without one (sandbox, or streaming off)" }),
    providers: z
      .object({
        active: z.string(),
        primary: z.string(),
        degraded: z
          .boolean()
          .meta({ description: 'The watcher reads from a standby provider because the primary failed' }),
        list: z.array(
          z.object({
            name: z.string(),
            state: z.enum(PROVIDER_STATES),
            lastError: z.string().nullable(),
            since: iso,
          }),
        ),
      })
      .nullable()
      .optional()
      .meta({ description: 'Where chain data comes from (testnet/mainnet); null in sandbox mode' }),
    books: z
      .object({
        difference: SignedAmountSchema,
        checkedAt: iso,
        atLt: z.string(),
      })
      .nullable()
      .optional()
      .meta({ description: 'The last reconciliation\'s verdict: "0.00" when the ledger matches the wallet on chain' }),
    assetBooks: z
      .array(
        z.object({
          asset: AssetCodeSchema,
          verdict: z.object({ difference: SignedAmountSchema, checkedAt: iso, atLt: z.string() }).nullable(),
        }),
      )
      .optional()
      .meta({
        description:
          'The books of each asset the watcher reads (USDT on the jetton wallet, TON on the store wallet) and their last verdict; null when never checked',
      }),
  })
  .meta({ id: 'WatcherStatus' });
export type WatcherStatusView = z.infer<typeof WatcherStatusViewSchema>;

export const TRANSFER_STATUSES = ['credited', 'unmatched', 'dismissed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A transfer as the unmatched inbox shows it, and as the `transfer.unmatched` event carries it. */
export const UnmatchedTransferSchema = z
  .object({
    asset: AssetCodeSchema.meta({ description: 'What arrived: USDT on the jetton wallet, TON on the store wallet' }),
    txHash: z.string(),
    lt: z.string(),
    amount: z.string(),
    amountBaseUnits: z.string(),
    from: z.string().nullable(),
    comment: z.string().nullable(),
    at: iso,
    status: z.enum(TRANSFER_STATUSES).optional(),
    paymentId: z.string().nullable().optional(),
    resolution: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The merchant's note when attaching or dismissing it" }),
  })
  .meta({ id: 'UnmatchedTransfer' });
export type UnmatchedTransfer = z.infer<typeof UnmatchedTransferSchema>;

export const UnmatchedQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  q: z
    .string()
    .trim()
    .max(254)
    .optional()
    .meta({ description: "An amount, a memo or part of the comment, the sender, or a customer's email" }),
});

export const TxHashParamsSchema = z.strictObject({
  txHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a transaction hash (64 hex digits)'),
});
const DecisionNote = z.string().trim().max(500).default('');
export const AttachTransferBodySchema = z.strictObject({
  paymentId: z.string().regex(/^pay_[0-9A-Za-z]{22}$/, 'must be a payment id'),
  note: DecisionNote,
});
export type AttachTransferRequest = z.input<typeof AttachTransferBodySchema>;
export const DismissTransferBodySchema = z.strictObject({
  note: z
    .string({ error: 'is required: say why the transfer is dismissed' })
    .trim()
    .min(1, 'is required: say why the transfer is dismissed')
    .max(500),
});
export type DismissTransferRequest = z.input<typeof DismissTransferBodySchema>;

/** What the sandbox simulator can send: honest transfers and the attacks the watcher must refuse. */
export const SIMULATION_CASES = [
  'exact',
  'short',
  'no-comment',
  'zero-forward',
  'comment-in-ref',
  'fake-jetton',
  'forged',
  'bounced',
] as const;
export type SimulationCase = (typeof SIMULATION_CASES)[number];

export const SimulateRequestSchema = z.strictObject({
  paymentId: z.string().regex(/^pay_[0-9A-Za-z]{22}$/, 'must be a payment id'),
  amount: AmountSchema.optional().meta({ description: 'Defaults to what is still due (short: one base unit less)' }),
  comment: z.string().max(120).nullable().optional().meta({ description: "Defaults to the payment's memo" }),
  case: z.enum(SIMULATION_CASES).default('exact'),
});
export type SimulateRequest = z.input<typeof SimulateRequestSchema>;

export const SimulationResultSchema = z
  .object({
    case: z.enum(SIMULATION_CASES),
    txHashes: z.array(z.string()),
    payment: PaymentSchema,
  })
  .meta({ id: 'SimulationResult', description: 'The transactions sent and the payment afterwards' });
export type SimulationResult = z.infer<typeof SimulationResultSchema>;

/** An open or recently expired payment whose due amount equals an unmatched transfer. */
export const SuggestedPaymentSchema = z
  .object({
    id: z.string(),
    status: z.enum(['pending', 'partially_paid', 'expired']),
    amount: z.string(),
    dueAmount: z.string(),
    externalId: z.string().nullable(),
    memo: z.string(),
    description: z.string().nullable(),
    customerEmail: z.string().nullable(),
    createdAt: iso,
    expiresAt: iso,
  })
  .meta({ id: 'SuggestedPayment' });
export type SuggestedPayment = z.infer<typeof SuggestedPaymentSchema>;

/** One row of the inbox: the transfer and the payments it most likely belongs to, nearest in time first. */
export const InboxTransferSchema = UnmatchedTransferSchema.extend({
  suggestions: z.array(SuggestedPaymentSchema),
}).meta({ id: 'InboxTransfer' });
export type InboxTransfer = z.infer<typeof InboxTransferSchema>;
export const InboxListSchema = z.object({ items: z.array(InboxTransferSchema) });
export type InboxList = z.infer<typeof InboxListSchema>;

export const TRANSFER_DECISION_ACTIONS = ['attached', 'dismissed', 'undone'] as const;
/** A merchant's decision on a transfer, as the inbox history lists it. */
export const TransferDecisionSchema = z
  .object({
    seq: z.number().int(),
    action: z.enum(TRANSFER_DECISION_ACTIONS),
    paymentId: z.string().nullable(),
    note: z.string(),
    actor: z.string().meta({ description: 'Who decided: the console and the address it was used from' }),
    at: iso,
    undoable: z.boolean().meta({ description: "A dismissal that is still the transfer's latest decision" }),
    transfer: UnmatchedTransferSchema,
  })
  .meta({ id: 'TransferDecision' });
export type TransferDecision = z.infer<typeof TransferDecisionSchema>;
export const TransferHistoryQuerySchema = z.strictObject({
  action: z.enum(TRANSFER_DECISION_ACTIONS).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type TransferHistoryQuery = z.input<typeof TransferHistoryQuerySchema>;
export const TransferHistorySchema = z.object({ items: z.array(TransferDecisionSchema) });
export type TransferHistory = z.infer<typeof TransferHistorySchema>;

/** A transaction on chain that moved the wallet's balance but is not in the ledger. */
export const UnrecordedMovementSchema = z
  .object({
    txHash: z.string(),
    lt: z.string(),
    at: iso,
    kind: z.enum(UNRECORDED_KINDS),
    effect: SignedAmountSchema.meta({ description: 'Its effect on the balance: negative for money that left' }),
  })
  .meta({ id: 'UnrecordedMovement' });

/** What the store wallet did besides receiving a payment, in the Toncoin books' window: explained, never a discrepancy. */
export const ExplainedMovementSchema = z
  .object({
    txHash: z.string(),
    lt: z.string(),
    at: iso,
    kind: z.enum(['sent', 'returned', 'other']).meta({
      description:
        "sent: the wallet's own send (a refund, a withdrawal, the TON attached to a USDT refund); returned: one of its sends bounced back; other: value or gas that is no payment",
    }),
    amount: SignedAmountSchema.meta({ description: 'The TON it moved (for `other`, what arrived with it)' }),
    fee: SignedAmountSchema.meta({ description: 'What the transaction cost the wallet, in TON' }),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'other: why it is no payment (bounced, contract_call, below_fee_floor, …)' }),
  })
  .meta({ id: 'ExplainedMovement' });

/** GET /console/api/chain/reconciliation, and the data of a `ledger.discrepancy` event. */
export const ReconciliationSchema = z
  .object({
    asset: AssetCodeSchema.meta({
      description: 'The books checked: USDT on the jetton wallet, TON on the store wallet',
    }),
    account: z
      .string()
      .meta({ description: "The account checked (raw form): the merchant's USDT jetton wallet, or the store wallet" }),
    onChainBalance: SignedAmountSchema.meta({
      description:
        'USDT: what get_wallet_data reported, at `atLt`. TON: the payment-shaped Toncoin the store wallet received in the window',
    }),
    ledgerBalance: SignedAmountSchema.meta({
      description:
        'USDT: every transfer in, plus what came back bounced, minus what was sent, up to `atLt`. TON: the Toncoin transfers the ledger recorded in the window (credited, unmatched or dismissed)',
    }),
    difference: SignedAmountSchema.meta({
      description: 'onChainBalance - ledgerBalance: "0.00" when the books balance',
    }),
    atLt: z.string().meta({ description: "The account's newest transaction when it was checked" }),
    checkedAt: iso,
    unrecorded: z
      .array(UnrecordedMovementSchema)
      .meta({ description: 'When the books are off: the transactions that explain it, where they were found' }),
    explained: z.array(ExplainedMovementSchema).optional().meta({
      description: "TON: the store wallet's other transactions in the window (its own sends and fees), not counted",
    }),
  })
  .meta({ id: 'Reconciliation' });
export type ReconciliationView = z.infer<typeof ReconciliationSchema>;

export const ReconciliationQuerySchema = z.strictObject({
  asset: AssetCodeSchema.default('USDT').meta({ description: 'The books to check: USDT (the default) or TON' }),
});

export const WithdrawRequestSchema = z.strictObject({
  amount: AmountSchema,
  to: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "The recipient's address; defaults to the sandbox's exchange stand-in" }),
});
export type WithdrawRequest = z.input<typeof WithdrawRequestSchema>;

export const WithdrawResultSchema = z
  .object({
    amount: AmountSchema,
    to: z.string(),
    txHashes: z.array(z.string()),
  })
  .meta({ id: 'WithdrawResult', description: "What the merchant's wallet sent, and the transactions it caused" });
export type WithdrawResult = z.infer<typeof WithdrawResultSchema>;
