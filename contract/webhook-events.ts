import { z, type ZodType } from 'zod';
import { ReconciliationSchema, UnmatchedTransferSchema } from './chain';
import { PAYMENT_EVENT_TYPES, PaymentSchema } from './payments';
import { RefundEventDataSchema } from './refunds';

/** What a webhook delivery carries: every event the service announces, and the console's test event. */
export const WEBHOOK_EVENT_TYPES = [...PAYMENT_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const iso = z.iso.datetime();

/** transfer.attached / dismissed / restored: the transfer, with the merchant's decision. */
export const TransferDecisionEventDataSchema = UnmatchedTransferSchema.extend({
  paymentId: z
    .string()
    .nullable()
    .meta({ description: 'The payment it was attached to; null for a dismissal or its undoing' }),
  note: z.string(),
  actor: z.string().meta({ description: 'Who decided: the console and the address it was used from' }),
}).meta({ id: 'TransferDecisionEventData' });

/** watcher.degraded / watcher.recovered: the chain data provider failed over, or came back. */
export const WatcherFailoverEventDataSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    reason: z.string(),
    at: iso,
  })
  .meta({ id: 'WatcherFailoverEventData' });

export const WebhookTestEventDataSchema = z
  .object({
    message: z.string(),
    endpointId: z.string(),
    sentAt: iso,
  })
  .meta({ id: 'WebhookTestEventData' });

interface EventDoc {
  when: string;
  data: ZodType;
}

const payment = (when: string): EventDoc => ({
  when: `${when}. \`data\` is the payment as \`GET /crypto/payment/{paymentId}\` returns it then`,
  data: PaymentSchema,
});
const refund = (when: string): EventDoc => ({ when, data: RefundEventDataSchema });
const decision = (when: string): EventDoc => ({ when, data: TransferDecisionEventDataSchema });
const failover = (when: string): EventDoc => ({ when, data: WatcherFailoverEventDataSchema });

/** Each event type: when it is sent, and the schema of its `data`, the one the service builds it from. */
export const WEBHOOK_EVENTS: Record<WebhookEventType, EventDoc> = {
  'payment.created': payment('A payment was created'),
  'payment.asset_chosen': payment(
    "A payment priced in a fiat currency now asks another accepted asset's locked quote (`currency`, `amount`): the customer chose it, or its first transfer came in it",
  ),
  'payment.partially_paid': payment(
    "A transfer paid part of the amount, short by more than the store's tolerance (`dueAmount` is what is left, in `currency`)",
  ),
  'payment.paid': payment(
    "The amount is fully paid, or paid short by no more than the store's tolerance (`tolerance.shortfall` says by how much)",
  ),
  'payment.overpaid': payment('More than the amount arrived (`overpaidAmount`, in the asset paid: `currency`)'),
  'payment.late': payment(
    'The amount was completed after expiry, inside the monitoring window (sent with `payment.paid`; `late: true`). A fiat price is credited at the quote it locked, whatever the rate did since',
  ),
  'payment.late_partially_paid': payment(
    'Money arrived after expiry, inside the monitoring window, without completing the amount',
  ),
  'payment.expired': payment('The payment expired unpaid'),
  'payment.cancelled': payment('The payment was cancelled'),
  'payment.credited_after_close': payment(
    'Money arrived for a cancelled payment, or an expired one past its monitoring window: refund it',
  ),
  'transfer.unmatched': { when: 'A transfer arrived that matches no payment', data: UnmatchedTransferSchema },
  'transfer.attached': decision('The merchant attached an unmatched transfer to a payment'),
  'transfer.dismissed': decision('The merchant set an unmatched transfer aside'),
  'transfer.restored': decision('The merchant undid a dismissal: the transfer is back in the inbox'),
  'ledger.discrepancy': {
    when: "The ledger and the jetton wallet's balance on chain differ by a new amount",
    data: ReconciliationSchema,
  },
  'watcher.degraded': failover('The chain data provider failed and the watcher switched to the next one'),
  'watcher.recovered': failover('The primary chain data provider is back'),
  'refund.created': refund('A refund was asked for'),
  'refund.sent': refund("The refund left the store's wallet"),
  'refund.failed': refund("The refund bounced back to the store's wallet"),
  'refund.cancelled': refund('The refund was cancelled before it was sent'),
  'webhook.test': { when: 'Sent from the console\'s "Send test event"', data: WebhookTestEventDataSchema },
};

/** The body of one delivery of an event type: the envelope around its `data`. */
export function webhookEventSchema(type: WebhookEventType): ZodType {
  return z.object({
    id: z
      .string()
      .meta({ description: 'The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry' }),
    type: z.literal(type),
    createdAt: iso.meta({ description: 'When the event happened (not when this attempt was sent)' }),
    data: WEBHOOK_EVENTS[type].data,
  });
}
