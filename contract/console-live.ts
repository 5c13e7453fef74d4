import { z } from 'zod';
import type { BackupOutcome } from './backups';
import { PaymentRowViewSchema } from './console';
import { PaymentSchema } from './payments';
import { RefundSchema } from './refunds';

/**
 * The console's live stream (`GET /console/api/events`, SSE): one `change` frame per committed
 * store event, in the order of the event log. A frame's SSE `id` is the event's `seq`, so a
 * reconnecting browser names where it stopped (Last-Event-ID, or `?after=`).
 */

export const LiveQuerySchema = z.strictObject({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'The last seq seen; replays what came after it' }),
});

const seq = z.number().int().min(0).meta({ description: 'Position in the event log' });
const unmatched = z.number().int().min(0).meta({ description: 'Transfers waiting in the unmatched inbox' });

/** A committed event. `payment` and `row` are set when the event reports a payment's new state (a refund's too). */
export const LiveChangeSchema = z.object({
  seq,
  eventId: z.string(),
  type: z.string().meta({ description: 'The event type: payment.*, transfer.*, webhook.test, …' }),
  createdAt: z.iso.datetime(),
  paymentId: z.string().nullable(),
  payment: PaymentSchema.nullable(),
  row: PaymentRowViewSchema.nullable(),
  /** set when the event reports a refund's new state (refund.*): the open payment shows it without asking */
  refund: RefundSchema.nullable().optional(),
  unmatched,
});
export type LiveChange = z.infer<typeof LiveChangeSchema>;

/** Sent once the stream is live, after any catch-up: `replayed` events were sent first. */
export const LiveReadySchema = z.object({ seq, unmatched, replayed: z.number().int().min(0) });
export type LiveReady = z.infer<typeof LiveReadySchema>;

/** Too much was missed to replay (or the log is not the one the client knew): reload the screens' data. */
export const LiveResyncSchema = z.object({ seq, unmatched, reason: z.enum(['too-far-behind', 'unknown-position']) });
export type LiveResync = z.infer<typeof LiveResyncSchema>;

export const LIVE_EVENT_NAMES = ['change', 'ready', 'resync', 'backup'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
export interface LiveEvents {
  change: LiveChange;
  ready: LiveReady;
  resync: LiveResync;
  /** an automatic backup's outcome (contract/backups.ts, BackupOutcomeSchema); sent without an id: it is no store event */
  backup: BackupOutcome;
}
