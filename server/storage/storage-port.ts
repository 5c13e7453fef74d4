import type {
  ApiKeyReads,
  ApiKeyRepository,
  CashierReads,
  CashierRepository,
  SessionReads,
  SessionRepository,
  SettingReads,
  SettingRepository,
  SignInGuessReads,
  SignInGuessRepository,
} from './access-repositories';
import type { AuditReads, AuditRepository } from './audit-repositories';
import type {
  EventReads,
  EventRepository,
  MovementReads,
  MovementRepository,
  PaymentReads,
  PaymentRepository,
  RefundReads,
  RefundRepository,
  TransferReads,
  TransferRepository,
} from './ledger-repositories';
import type { DeliveryReads, DeliveryRepository, EndpointReads, EndpointRepository } from './webhook-repositories';

/**
 * The ledger as domain code sees it. Domain code never holds a connection, a transaction or a row:
 * it hands `write` a unit of work or `read` a question, and the implementation owns the
 * transactions and the SQL. SQLite is the first implementation (storage/sqlite); the interfaces are
 * asynchronous so that one over a network database can follow without touching domain code.
 *
 * Inside a unit of work, read and write only through its `uow`: calling `write` or `read` from
 * inside one waits for the batch the unit of work itself holds open, and never returns.
 */
export interface Storage {
  /**
   * Runs `work` as one job of a group commit: jobs that arrive together share one transaction and
   * one durable commit, each in a savepoint of its own, so a job that throws rolls back alone.
   * Resolves (or rejects with the job's error) only once the commit is durable.
   */
  write<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /** Answers from committed state only: never from a batch that is still being written. */
  read<T>(work: (view: ReadView) => Promise<T>): Promise<T>;
}

/**
 * The ledger cannot take the change: SQLite's disk refused to confirm a write (what the disk holds is
 * unknown until the service restarts and SQLite recovers the ledger; reads still answer), or the
 * PostgreSQL server does not answer. `advice` is what the client is told (a 503); the message is for the log.
 */
export class LedgerUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions & { advice?: string }) {
    super(message, options);
    this.name = 'LedgerUnavailableError';
    this.advice =
      options?.advice ??
      'the ledger cannot write to its disk, so no change is accepted; check the disk and restart TonTill';
  }

  readonly advice: string;
}

/** Everything that can be read, and nothing that writes. */
export interface ReadView {
  payments: PaymentReads;
  transfers: TransferReads;
  movements: MovementReads;
  refunds: RefundReads;
  events: EventReads;
  endpoints: EndpointReads;
  deliveries: DeliveryReads;
  settings: SettingReads;
  apiKeys: ApiKeyReads;
  sessions: SessionReads;
  cashiers: CashierReads;
  signInGuesses: SignInGuessReads;
  audit: AuditReads;
}

/** One job of a write batch: reads see the job's own writes; all of it commits or none does. */
export interface UnitOfWork extends ReadView {
  payments: PaymentRepository;
  transfers: TransferRepository;
  movements: MovementRepository;
  refunds: RefundRepository;
  events: EventRepository;
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  settings: SettingRepository;
  apiKeys: ApiKeyRepository;
  sessions: SessionRepository;
  cashiers: CashierRepository;
  signInGuesses: SignInGuessRepository;
  audit: AuditRepository;
  /**
   * Runs `callback` once the batch holding this job is durable, after every caller of the batch has
   * been answered; never when the job rolls back. Announcements (events on the bus) go here.
   */
  afterCommit(callback: () => void): void;
}
