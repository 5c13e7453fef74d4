import type { Database } from 'better-sqlite3';
import { ApiKeyStore } from './auth/api-keys';
import { ConsoleSessions } from './auth/console-sessions';
import type { Config } from './config/config';
import { RestoreGate } from './db/restore-gate';
import { WriteBatcher } from './db/write-batcher';
import { EventBus } from './events/event-bus';
import { usdt } from '../contract/amount';
import type { ChainInfo } from './payments/payment-links';
import { PaymentService } from './payments/payment-service';
import { TransferLedger } from './payments/transfer-ledger';
import { SettingsStore } from './settings/settings-store';
import type { Clock } from './util/clock';
import { WebhookService } from './webhooks/webhook-service';

export interface Services {
  /** the service's one connection to the ledger (held exclusively); domain code goes through repositories */
  db: Database;
  config: Config;
  clock: Clock;
  bus: EventBus;
  /** group commit for request-driven writes: concurrent requests share one fsync */
  writes: WriteBatcher;
  payments: PaymentService;
  ledger: TransferLedger;
  apiKeys: ApiKeyStore;
  sessions: ConsoleSessions;
  settings: SettingsStore;
  webhooks: WebhookService;
  /** set while a staged restore waits for the next start: the service then acknowledges no change */
  restore: RestoreGate;
  eppSecret: Buffer;
  publicUrl: () => string;
}

export interface ServiceDeps {
  db: Database;
  config: Config;
  clock: Clock;
  chain: ChainInfo;
  /** a function: the URL is known only once the server listens (port 0) */
  publicUrl: () => string;
  onListenerError: (err: unknown) => void;
}

/** Wires the domain objects once; HTTP, the CLI and the desktop shell all use this same set. */
export function createServices(deps: ServiceDeps): Services {
  const bus = new EventBus();
  const settings = new SettingsStore(deps.db, deps.clock);
  const writes = new WriteBatcher(deps.db, deps.onListenerError);
  const payments = new PaymentService({
    db: deps.db, bus, clock: deps.clock, chain: deps.chain, publicUrl: deps.publicUrl, onListenerError: deps.onListenerError,
    afterCommit: (callback) => writes.afterCommit(callback),
    policy: {
      maxAmount: usdt(deps.config.payments.maxAmount),
      defaultExpirySeconds: deps.config.payments.defaultExpirySeconds,
      monitoringWindowSeconds: deps.config.payments.monitoringWindowSeconds,
    },
  });
  // Outbox rows are written inside the transaction that records each event: both commit or neither.
  const webhooks = new WebhookService({ db: deps.db, clock: deps.clock, bus, events: payments.events, settings });
  bus.inTransaction(webhooks.onEventRecorded);
  return {
    db: deps.db, config: deps.config, clock: deps.clock, bus, writes, payments, settings, webhooks, publicUrl: deps.publicUrl,
    restore: new RestoreGate(),
    ledger: new TransferLedger(payments, deps.clock),
    apiKeys: new ApiKeyStore(deps.db, deps.clock),
    sessions: new ConsoleSessions(deps.db, deps.clock),
    eppSecret: settings.secret('epp_signing_secret'),
  };
}
