import type { PaymentStatus, PublicPayment } from '../../contract/payments';
import type { AssetCode } from '../../contract/asset';
import { paymentNotFound } from '../domain/errors';
import type { CloseOfDayFigures, PaidVolume, PaymentFilter, PaymentSearch } from '../storage/ledger-repositories';
import type { Payment, StoredEvent } from '../storage/records';
import type { ReadView, Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import type { PaymentViews } from './payment-views';

/** How long an expired payment still counts as a likely home for a late, memo-less transfer. */
const RECENT_EXPIRY_MS = 7 * 24 * 3600 * 1000;
/** Candidates read per suggestion; a store with more open payments of one amount gets the first of them. */
const SUGGESTION_CANDIDATES = 200;

/**
 * The reads of payments: records, views, lists and figures. PaymentService adds the changes; every
 * read of a payment from outside this folder goes through it.
 */
export class PaymentReads {
  constructor(
    protected readonly storage: Storage,
    protected readonly views: PaymentViews,
    protected readonly clock: Clock,
  ) {}

  /** The public record inside a unit of work: for the events of other domains that carry the payment (refunds). */
  presentIn(view: ReadView, payment: Payment): Promise<PublicPayment> {
    return this.views.present(view, payment);
  }

  protected async getIn(view: ReadView, id: string): Promise<Payment> {
    const payment = await view.payments.findById(id);
    if (!payment) throw paymentNotFound(id);
    return payment;
  }

  get(id: string): Promise<Payment> {
    return this.storage.read((view) => this.getIn(view, id));
  }

  /** When the first payment in `currency` was created (epoch ms); null before any. */
  firstCreatedAt(currency: AssetCode): Promise<number | null> {
    return this.storage.read((view) => view.payments.firstCreatedAt(currency));
  }

  find(id: string): Promise<Payment | null> {
    return this.storage.read((view) => view.payments.findById(id));
  }

  present(p: Payment): Promise<PublicPayment> {
    return this.views.presentCommitted(p);
  }

  /** The public record by id, as the status endpoints serve it (status pages poll this). */
  view(id: string): Promise<PublicPayment> {
    return this.views.view(id);
  }

  /** The same record already serialised: a status poll then costs a map lookup (a string at once, no promise). */
  viewJson(id: string): string | Promise<string> {
    return this.views.json(id);
  }

  /** Every event recorded about the payment, oldest first. */
  timeline(id: string): Promise<StoredEvent[]> {
    return this.storage.read((view) => view.events.forPayment(id));
  }

  list(filter: PaymentFilter): Promise<Payment[]> {
    return this.storage.read((view) => view.payments.list(filter));
  }

  /** The console's list: filters, a search box (id, memo or the start of an externalId), keyset pages. */
  search(filter: PaymentSearch): Promise<Payment[]> {
    return this.storage.read((view) => view.payments.search(filter));
  }

  /** The dashboard's figures leave test payments out unless `includeTest`, as the close does. */
  countByStatus(includeTest = false): Promise<Record<PaymentStatus, number>> {
    return this.storage.read((view) => view.payments.countByStatus(includeTest));
  }

  /** Figures are per asset: amounts in two assets are never added up. */
  paidVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume> {
    return this.storage.read((view) => view.payments.paidVolume(from, to, includeTest, currency));
  }

  /**
   * Payments an unmatched transfer of `due` in `asset` (sent at `at`) most likely belongs to: open, or
   * expired within the last RECENT_EXPIRY_MS, in the same asset, still wanting exactly that much;
   * nearest in time first.
   */
  async suggestFor(due: bigint, asset: AssetCode, at: number, limit: number): Promise<Payment[]> {
    const since = this.clock.now() - RECENT_EXPIRY_MS;
    const candidates = await this.storage.read((view) =>
      view.payments.withDueAmount(due, since, SUGGESTION_CANDIDATES, asset),
    );
    return candidates.sort((a, b) => Math.abs(a.createdAt - at) - Math.abs(b.createdAt - at)).slice(0, limit);
  }

  dailyPaidVolume(origin: number, days: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume[]> {
    return this.storage.read((view) => view.payments.dailyPaidVolume(origin, days, includeTest, currency));
  }

  /**
   * The daily close over [from, to) of the payments in one asset, payments and refunds read from one
   * committed state so they agree.
   */
  closeOfDay(
    from: number,
    to: number,
    includeTest: boolean,
    currency: AssetCode,
  ): Promise<CloseOfDayFigures & { refunded: PaidVolume }> {
    return this.storage.read(async (view) => ({
      ...(await view.payments.closeOfDay(from, to, includeTest, currency)),
      refunded: await view.refunds.sentVolume(from, to, includeTest, currency),
    }));
  }
}
