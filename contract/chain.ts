import { z } from 'zod';
import { AmountSchema, PaymentSchema } from './payments';

/** Where the service watches for transfers: the offline sandbox chain, testnet or mainnet. */
export const CHAIN_MODES = ['sandbox', 'testnet', 'mainnet'] as const;
export const ChainModeSchema = z.enum(CHAIN_MODES).meta({ id: 'ChainMode' });
export type ChainMode = z.infer<typeof ChainModeSchema>;

const iso = z.iso.datetime();

/**
 * GET /console/api/watcher. Without a chain runtime (tests, a failed start) only mode and running
 * are known, so the rest is optional.
 */
export const WatcherStatusViewSchema = z.object({
  mode: ChainModeSchema,
  running: z.boolean(),
  merchantAddress: z.string().optional(),
  jettonMaster: z.string().optional(),
  watchedAccount: z.string().optional().meta({ description: "The merchant's jetton wallet the watcher polls" }),
  lastPollAt: iso.nullable().optional(),
  lastSuccessAt: iso.nullable().optional(),
  lagSeconds: z.number().nullable().optional().meta({ description: 'Now minus the time of the newest transaction seen' }),
  consecutiveErrors: z.number().int().optional(),
  lastError: z.string().nullable().optional(),
  cursor: z.object({ lt: z.string(), hash: z.string() }).nullable().optional().meta({ description: 'The newest transaction fully processed' }),
}).meta({ id: 'WatcherStatus' });
export type WatcherStatusView = z.infer<typeof WatcherStatusViewSchema>;

export const TRANSFER_STATUSES = ['credited', 'unmatched', 'dismissed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A transfer as the unmatched inbox shows it, and as the `transfer.unmatched` event carries it. */
export const UnmatchedTransferSchema = z.object({
  txHash: z.string(),
  lt: z.string(),
  amount: z.string(),
  amountBaseUnits: z.string(),
  from: z.string().nullable(),
  comment: z.string().nullable(),
  at: iso,
  status: z.enum(TRANSFER_STATUSES).optional(),
  paymentId: z.string().nullable().optional(),
  resolution: z.string().nullable().optional().meta({ description: "The merchant's note when attaching or dismissing it" }),
}).meta({ id: 'UnmatchedTransfer' });
export type UnmatchedTransfer = z.infer<typeof UnmatchedTransferSchema>;

export const UnmatchedQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(200) });
export const UnmatchedListSchema = z.object({ items: z.array(UnmatchedTransferSchema) });
export type UnmatchedList = z.infer<typeof UnmatchedListSchema>;

export const TxHashParamsSchema = z.strictObject({
  txHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a transaction hash (64 hex digits)'),
});
const DecisionNote = z.string().trim().max(500).default('');
export const AttachTransferBodySchema = z.strictObject({
  paymentId: z.string().regex(/^pay_[0-9A-Za-z]{22}$/, 'must be a payment id'),
  note: DecisionNote,
});
export type AttachTransferRequest = z.input<typeof AttachTransferBodySchema>;
export const DismissTransferBodySchema = z.strictObject({ note: DecisionNote });
export type DismissTransferRequest = z.input<typeof DismissTransferBodySchema>;

/** What the sandbox simulator can send: honest transfers and the attacks the watcher must refuse. */
export const SIMULATION_CASES = ['exact', 'short', 'no-comment', 'zero-forward', 'comment-in-ref', 'fake-jetton', 'forged', 'bounced'] as const;
export type SimulationCase = (typeof SIMULATION_CASES)[number];

export const SimulateRequestSchema = z.strictObject({
  paymentId: z.string().regex(/^pay_[0-9A-Za-z]{22}$/, 'must be a payment id'),
  amount: AmountSchema.optional().meta({ description: 'Defaults to what is still due (short: one base unit less)' }),
  comment: z.string().max(120).nullable().optional().meta({ description: "Defaults to the payment's memo" }),
  case: z.enum(SIMULATION_CASES).default('exact'),
});
export type SimulateRequest = z.input<typeof SimulateRequestSchema>;

export const SimulationResultSchema = z.object({
  case: z.enum(SIMULATION_CASES),
  txHashes: z.array(z.string()),
  payment: PaymentSchema,
}).meta({ id: 'SimulationResult', description: 'The transactions sent and the payment afterwards' });
export type SimulationResult = z.infer<typeof SimulationResultSchema>;
