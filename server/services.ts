import { ApiKeyStore } from './auth/api-keys';
import { CashierStore } from './auth/cashiers';
import { ConsolePassphrase } from './auth/console-passphrase';
import { ConsoleSessions } from './auth/console-sessions';
import { SignInGuesses } from './auth/sign-in-guesses';
import { acceptedAssets, type Config } from './config/config';
import { RestoreGate } from './db/restore-gate';
import { EventBus } from './events/event-bus';
import { EventFeed } from './events/event-feed';
import { EventLog } from './events/event-log';
import { StoreEvents } from './events/store-events';
import { baseUnits } from '../contract/amount';
import type { ChainInfo } from './payments/payment-links';
import { PaymentService } from './payments/payment-service';
import { createRates } from './rates/rates';
import type { Rates } from './rates/rates-port';
import { PricingSettingsStore } from './settings/pricing';
import { RefundService } from './payments/refund-service';
import { TransferLedger } from './payments/transfer-ledger';
import { WalletBooks } from './payments/wallet-books';
import { AuditLog } from './settings/audit-log';
import { SettingsStore } from './settings/settings-store';
import type { Storage } from './storage/storage-port';
import type { Clock } from './util/clock';
import { WebhookService } from './webhooks/webhook-service';

/** The domain services; nothing here hands out the storage, a connection or a repository. */
export interface Services {
  config: Config;
  clock: Clock;
  bus: EventBus;
  /** the event log read in order (live streams catching up) */
  eventFeed: EventFeed;
  payments: PaymentService;
  /** the store's currency, short-payment tolerance and where fiat prices get their rates */
  pricing: PricingSettingsStore;
  /** exchange rates for fiat prices, and their sources' health */
  rates: Rates;
  /** refunds the merchant's own wallet signs */
  refunds: RefundService;
  ledger: TransferLedger;
  /**
   * The ledger as the chain watcher writes it: the same as `ledger`, except on a database several
   * instances share, where its writes are fenced by the watcher's lease (a former leader cannot credit).
   */
  watcherLedger: TransferLedger;
  /** the ledger checked against the wallet's balance on chain */
  books: WalletBooks;
  /** events about the store rather than a payment (the watcher's provider failing over) */
  storeEvents: StoreEvents;
  apiKeys: ApiKeyStore;
  sessions: ConsoleSessions;
  /** the owner's cashiers: the till, invoices and payments, nothing else */
  cashiers: CashierStore;
  /** who did what: refunds, transfer decisions, settings, keys, webhooks, restores, cashiers */
  audit: AuditLog;
  /** the owner's optional console sign-in passphrase */
  passphrase: ConsolePassphrase;
  /** the lockout every passphrase comparison goes through: five guesses per address per ten minutes */
  signInGuesses: SignInGuesses;
  settings: SettingsStore;
  webhooks: WebhookService;
  /** set while a staged restore waits for the next start: the service then acknowledges no change */
  restore: RestoreGate;
  eppSecret: Buffer;
  publicUrl: () => string;
}

export interface ServiceDeps {
  storage: Storage;
  /** what the chain watcher writes through; `storage` unless instances share the database (then fenced) */
  watcherStorage?: Storage;
  config: Config;
  clock: Clock;
  chain: ChainInfo;
  /** a function: the URL is known only once the server listens (port 0) */
  publicUrl: () => string;
  onListenerError: (err: unknown) => void;
}

/** Wires the domain objects once; HTTP, the CLI and the desktop shell all use this same set. */
export async function createServices(deps: ServiceDeps): Promise<Services> {
  const { storage, clock } = deps;
  const bus = new EventBus();
  const events = new EventLog(bus, clock, deps.onListenerError);
  const settings = new SettingsStore(storage, clock);
  const pricing = new PricingSettingsStore(settings, clock);
  const rates = createRates({
    isSandbox: () => deps.config.chain.mode === 'sandbox',
    pricing,
    clock,
    config: deps.config.rates,
  });
  const payments = new PaymentService({
    rates,
    pricing,
    storage,
    bus,
    events,
    clock,
    chain: deps.chain,
    publicUrl: deps.publicUrl,
    policy: {
      // the same number of whole units in every asset: a till's ceiling, not an exchange rate
      maxAmount: (asset) => baseUnits(deps.config.payments.maxAmount, asset),
      defaultExpirySeconds: deps.config.payments.defaultExpirySeconds,
      monitoringWindowSeconds: deps.config.payments.monitoringWindowSeconds,
      acceptedAssets: () => acceptedAssets(deps.config),
    },
  });
  // Outbox rows are written in the unit of work that records each event: both commit or neither.
  const webhooks = new WebhookService({ storage, clock, bus, events, settings });
  bus.inTransaction(webhooks.onEventRecorded);
  // Created with the store, so a merchant can set up a receiver before the first callbackUrl.
  await webhooks.callbackSecret();
  const refunds = new RefundService({ storage, payments, events, clock, chain: deps.chain, rates });
  const sessions = new ConsoleSessions(storage, clock);
  const ledger = new TransferLedger({ storage, payments, events, clock, refunds });
  const watcherLedger = deps.watcherStorage
    ? new TransferLedger({ storage: deps.watcherStorage, payments, events, clock, refunds })
    : ledger;
  return {
    config: deps.config,
    clock,
    bus,
    eventFeed: new EventFeed(storage),
    payments,
    settings,
    pricing,
    rates,
    webhooks,
    publicUrl: deps.publicUrl,
    restore: new RestoreGate(),
    refunds,
    ledger,
    watcherLedger,
    books: new WalletBooks({ storage, events, clock }),
    storeEvents: new StoreEvents(storage, events),
    apiKeys: new ApiKeyStore(storage, clock),
    sessions,
    cashiers: new CashierStore(storage, sessions, clock),
    audit: new AuditLog(storage, clock),
    passphrase: new ConsolePassphrase(settings, clock),
    signInGuesses: new SignInGuesses(storage, clock),
    eppSecret: await settings.secret('epp_signing_secret'),
  };
}
