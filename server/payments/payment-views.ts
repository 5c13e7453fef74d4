import type { PublicPayment } from '../../contract/payments';
import { paymentNotFound } from '../domain/errors';
import type { EventBus } from '../events/event-bus';
import type { ReadView, Storage } from '../storage/storage-port';
import type { ChainInfo } from './payment-links';
import { presentPayment } from './payment-presenter';
import type { CreditedTransfer } from '../storage/records';
import type { Payment } from '../storage/records';

/**
 * A cached view with its JSON holds about 2.8 KB: 10,000 of them were 27 MB resident once enough
 * payments had been polled. A till has a few payments open at a time and a shop's backend polls
 * those it waits for; a miss is one read of the ledger.
 */
const VIEW_CACHE_SIZE = 1_000;

interface CachedView {
  view: PublicPayment;
  json?: string;
}

/**
 * Public views of payments, and a cache of the recently read ones (status pages poll them). Every
 * change to a payment records an event, which evicts the view when it is recorded and again when it
 * is durable, and a read that overlapped a change does not fill the cache: a cached view is never
 * older than the ledger row.
 */
export class PaymentViews {
  private readonly cache = new Map<string, CachedView>();
  /** reads in flight that may fill the cache; an eviction cancels their claim */
  private readonly filling = new Map<string, object>();

  constructor(
    private readonly storage: Storage,
    bus: EventBus,
    private readonly chain: ChainInfo,
    private readonly publicUrl: () => string,
  ) {
    bus.onCommitted((event) => {
      if (event.paymentId) this.evict(event.paymentId);
    });
  }

  /** The public record; the credited transfers are read through `view` (inside a write: its unit of work). */
  async present(view: ReadView, p: Payment, known?: readonly CreditedTransfer[]): Promise<PublicPayment> {
    // credited transfers always add up to paidAmount, so an unpaid payment has none to look up
    const transfers = known ?? (p.paidAmount === 0n ? [] : await view.transfers.creditedTo(p.id));
    return presentPayment(p, transfers, this.chain, this.publicUrl());
  }

  /** The same, for a payment read outside a write. */
  presentCommitted(p: Payment): Promise<PublicPayment> {
    if (p.paidAmount === 0n) return Promise.resolve(presentPayment(p, [], this.chain, this.publicUrl()));
    return this.storage.read((view) => this.present(view, p));
  }

  /** A cache hit is a map lookup: no turn on the storage, no SQL. */
  async view(id: string): Promise<PublicPayment> {
    return (this.cache.get(id) ?? (await this.load(id))).view;
  }

  /** Serialised once per cached view; a hit answers at once, without a promise. */
  json(id: string): string | Promise<string> {
    const entry = this.cache.get(id);
    if (entry) return (entry.json ??= JSON.stringify(entry.view));
    return this.load(id).then((loaded) => (loaded.json ??= JSON.stringify(loaded.view)));
  }

  /** Forgets every cached view (and cancels reads filling it), as when the chain they name changes. */
  clear(): void {
    this.cache.clear();
    this.filling.clear();
  }

  evict(id: string): void {
    this.cache.delete(id);
    this.filling.delete(id);
  }

  private async load(id: string): Promise<CachedView> {
    const claim = {};
    this.filling.set(id, claim);
    try {
      const entry: CachedView = {
        view: await this.storage.read(async (view) => {
          const payment = await view.payments.findById(id);
          if (!payment) throw paymentNotFound(id);
          return this.present(view, payment);
        }),
      };
      if (this.filling.get(id) === claim) {
        if (this.cache.size >= VIEW_CACHE_SIZE) this.cache.clear();
        this.cache.set(id, entry);
      }
      return entry;
    } finally {
      if (this.filling.get(id) === claim) this.filling.delete(id);
    }
  }
}
