/** Shapes of the console API's answers, as the renderer uses them. */
export type PaymentStatus = 'pending' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'partially_paid', 'paid', 'expired', 'cancelled'];
export type ChainMode = 'sandbox' | 'testnet' | 'mainnet';

export interface PaymentRow {
  seq: number;
  id: string;
  kind: string;
  status: PaymentStatus;
  amount: string;
  paidAmount: string;
  externalId: string | null;
  memo: string;
  description: string | null;
  late: boolean;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
}

export interface Transfer {
  txHash: string;
  amount: string;
  from: string | null;
  comment: string | null;
  creditedAt: string;
  explorerUrl: string;
}

export interface Payment {
  id: string;
  kind: string;
  status: PaymentStatus;
  amount: string;
  paidAmount: string;
  dueAmount: string;
  overpaidAmount: string;
  externalId: string | null;
  description: string | null;
  memo: string;
  address: string;
  jettonMaster: string;
  links: { checkout: string; ton: string; tonkeeper: string };
  late: boolean;
  expiresAt: string;
  paidAt: string | null;
  transfers: Transfer[];
  createdAt: string;
  updatedAt: string;
}

export interface PaymentEvent {
  id: string;
  type: string;
  createdAt: string;
  status: string | null;
  paidAmount: string | null;
}

export interface PaymentFilters {
  status: PaymentStatus | '';
  createdFrom: string;
  createdTo: string;
  q: string;
}

export interface Bucket {
  volume: string;
  count: number;
}

export interface Stats {
  now: string;
  today: Bucket;
  week: Bucket;
  counts: Record<PaymentStatus, number>;
  unmatched: number;
  series: Array<Bucket & { date: string }>;
}

export interface WatcherStatus {
  mode: ChainMode;
  running: boolean;
  merchantAddress?: string;
  lastPollAt?: string | null;
  lastSuccessAt?: string | null;
  lagSeconds?: number | null;
  consecutiveErrors?: number;
  lastError?: string | null;
}

export interface UnmatchedTransfer {
  txHash: string;
  amount: string;
  from: string | null;
  comment: string | null;
  at: string;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ChainSettings {
  mode: ChainMode;
  merchantAddress: string;
  toncenterEndpoint: string;
  hasToncenterApiKey: boolean;
  jettonMaster: string;
}

export interface PaymentWindows {
  defaultExpirySeconds: number;
  monitoringWindowSeconds: number;
}

export interface SettingsView {
  running: { chain: ChainSettings; payments: PaymentWindows };
  saved: { chain: ChainSettings; payments: PaymentWindows };
  restartRequired: boolean;
  allowedOrigins: string[];
  /** pages that tried to embed a checkout and were refused by the store's list, waiting for approval */
  refusedOrigins: RefusedOrigin[];
  dataDir: string;
  configFile: string;
  restoreStaged: boolean;
}

export interface RefusedOrigin {
  origin: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface SettingsInput {
  chain: { mode: ChainMode; merchantAddress: string; toncenterEndpoint: string; toncenterApiKey?: string; jettonMaster: string };
  payments: PaymentWindows;
  allowedOrigins: string[];
}

export interface Problem {
  field: string;
  message: string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  status: 'active' | 'failing';
  description: string | null;
  createdAt: string;
  failingSince: string | null;
  lastDeliveryAt: string | null;
}

export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  endpointId: string | null;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface Attempt {
  id: string;
  at: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

export interface WidgetSession {
  signature: string;
  paymentId: string;
  serviceOrigin: string;
  mode: ChainMode;
  signatureExpiresAt: string;
  amount: string;
}

export type SimulationCase = 'exact' | 'short' | 'no-comment' | 'zero-forward' | 'comment-in-ref' | 'fake-jetton' | 'forged' | 'bounced';

export interface SimulationResult {
  case: SimulationCase;
  txHashes: string[];
  payment: Payment;
}
