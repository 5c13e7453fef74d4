import type { AssetCode } from '../../contract/asset';
import type { TRANSFER_DECISION_ACTIONS, TransferStatus } from '../../contract/chain';
import type { Customer, PaymentEventType, PaymentKind, PaymentStatus } from '../../contract/payments';
import type { DeliveryStatus, EndpointStatus } from '../../contract/webhooks';
import type { InboundTransfer } from '../chain/types';

// The records the storage port reads and writes. They live here, below the port, so the domain
// folders (payments/, events/, webhooks/) depend on storage and never the other way round.

/** The ledger's view of a payment. Money in base units of `currency`, times in epoch milliseconds. */
export interface Payment {
  seq: number;
  id: string;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: bigint;
  paidAmount: bigint;
  overpaidAmount: bigint;
  /** sent by refunds (and not bounced back) */
  refundedAmount: bigint;
  /** the asset the payment is in: every amount of it, its transfers' and its refunds' are in that asset's base units */
  currency: AssetCode;
  mainCurrency: 'TON';
  externalId: string | null;
  requestHash: string;
  memo: string;
  address: string;
  description: string | null;
  customer: Customer | null;
  callbackUrl: string | null;
  successUrl: string | null;
  failUrl: string | null;
  metadata: Record<string, string> | null;
  allowedOrigins: string[] | null;
  late: boolean;
  expiresAt: number;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** made to try the flow (the widget preview, the demo shop): shown apart, left out of the figures */
  test: boolean;
  /** the part of `amount` the customer added as a tip at the till (0n: none), in the payment's asset */
  tip: bigint;
  /** a fiat-priced payment's price and the quotes locked for its window; null: priced in its asset */
  pricing: Pricing | null;
  /** the short payment the store accepts, fixed at creation: hundredths of a percent of `amount` (50 = 0.5 %) */
  toleranceBps: number;
}

/** One accepted asset's amount for a fiat price, locked when the payment was made. */
export interface Quote {
  asset: AssetCode;
  /** what the customer pays in this asset, in its base units, rounded up */
  amount: bigint;
  /** the price's currency per one whole unit of the asset, an exact decimal ("0.9412") */
  rate: string;
  /** where the rate came from: a source's name ("tonapi", "coingecko"), "manual" or "sandbox" */
  source: string;
  /** when the source fixed the rate (ms) */
  fixedAt: number;
}

/** A price in a fiat currency and what it comes to in each accepted asset. */
export interface Pricing {
  /** the price as the request wrote it: "3.40" and "EUR" */
  price: { amount: string; currency: string };
  quotes: Quote[];
}

/** A payment starts real and untipped; markTest marks one made to try the flow, recordTip its tip. */
export type NewPayment = Omit<Payment, 'seq' | 'test' | 'tip'>;

/** What a state change writes: the state machine's fields, nothing a merchant set. */
export type PaymentStateChange = Pick<
  Payment,
  'seq' | 'id' | 'status' | 'paidAmount' | 'overpaidAmount' | 'late' | 'paidAt' | 'updatedAt'
>;

/** An inbound transfer as the ledger recorded it, with what became of it. */
export interface TransferRecord extends InboundTransfer {
  paymentId: string | null;
  status: TransferStatus;
  resolution: string | null;
  createdAt: number;
  resolvedAt: number | null;
}

export type TransferDecisionAction = (typeof TRANSFER_DECISION_ACTIONS)[number];

/** One merchant decision on an unmatched transfer; kept after an undo, for the inbox's history. */
export interface TransferDecisionRecord {
  seq: number;
  /** the transfer's position on chain, with its hash */
  txLt: bigint;
  txHash: string;
  action: TransferDecisionAction;
  paymentId: string | null;
  note: string;
  /** who decided: the console and the address it was used from */
  actor: string;
  at: number;
}

export type NewDecisionRecord = Omit<TransferDecisionRecord, 'seq'>;

export interface CreditedTransfer {
  txHash: string;
  amount: bigint;
  from: string | null;
  comment: string | null;
  creditedAt: number;
}

/** An event as stored and as delivered to webhooks: `data` is the public payment record. */
export interface StoredEvent {
  id: string;
  seq: number;
  type: PaymentEventType | 'webhook.test';
  paymentId: string | null;
  createdAt: number;
  data: unknown;
}

/** A store-wide webhook endpoint as the service sees it (secrets included: never return this as is). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  /** event types, or `*` for all */
  events: string[];
  enabled: boolean;
  description: string | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  status: EndpointStatus;
  consecutiveFailures: number;
  failingSince: number | null;
  lastDeliveryAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What creating an endpoint writes; the rest starts as a new endpoint's does (healthy, no deliveries). */
export type NewEndpoint = Pick<
  WebhookEndpoint,
  'id' | 'url' | 'events' | 'enabled' | 'description' | 'secret' | 'createdAt'
>;

/** Where events go: what the outbox needs of an enabled endpoint. */
export type EndpointRoute = Pick<WebhookEndpoint, 'id' | 'url' | 'events'>;

/** What deliveries change on an endpoint. */
export interface EndpointHealth {
  status: EndpointStatus;
  consecutiveFailures: number;
  failingSince: number | null;
  lastDeliveryAt: number | null;
}

export interface Delivery {
  seq: number;
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  endpointId: string | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
  /** the start of the last attempt's response body */
  lastResponseExcerpt: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

export interface NewDelivery {
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  endpointId: string | null;
  url: string;
  orderKey: string;
  createdAt: number;
  giveUpAt: number;
}

/** An attempt's outcome as the delivery row keeps it. */
export interface DeliverySettlement {
  id: string;
  url: string;
  status: DeliveryStatus;
  nextAttemptAt: number;
  statusCode: number | null;
  error: string | null;
  deliveredAt: number | null;
}

export interface Attempt {
  id: string;
  deliveryId: string;
  at: number;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

/** What the dispatcher needs to send one delivery, read in one query. */
export interface DueDelivery {
  seq: number;
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  endpointId: string | null;
  url: string;
  orderKey: string;
  attempts: number;
  giveUpAt: number;
  eventCreatedAt: number;
  dataJson: string;
  secret: string | null;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
}

export interface DeliveryFilter {
  paymentId?: string | undefined;
  target?: 'endpoints' | 'callbacks' | undefined;
  status?: DeliveryStatus | undefined;
  endpointId?: string | undefined;
  eventId?: string | undefined;
  eventType?: string | undefined;
  /** pending rows tried at least once (retrying) or never tried yet */
  attempted?: boolean | undefined;
  beforeSeq?: number | undefined;
  limit: number;
}
