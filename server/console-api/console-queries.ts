import { formatAmount } from '../../contract/amount';
import type { PaymentRowView, VolumeBucket } from '../../contract/console';
import type { PaymentStatus } from '../../contract/payments';
import type { PaymentService } from '../payments/payment-service';
import type { Payment } from '../storage/records';
import type { TransferLedger } from '../payments/transfer-ledger';
import type { PaidVolume, PaymentSearch } from '../storage/ledger-repositories';

/** The console's filters: status, a created range, a search box (id, memo or the start of an externalId), keyset pages. */
export type ConsolePaymentFilter = PaymentSearch;

export type { PaymentRowView, VolumeBucket };

const iso = (ms: number): string => new Date(ms).toISOString();

export function presentPaymentRow(p: Payment): PaymentRowView {
  return {
    seq: p.seq,
    id: p.id,
    kind: p.kind,
    status: p.status,
    amount: formatAmount(p.amount),
    paidAmount: formatAmount(p.paidAmount),
    overpaidAmount: formatAmount(p.overpaidAmount),
    refundedAmount: formatAmount(p.refundedAmount),
    externalId: p.externalId,
    memo: p.memo,
    description: p.description,
    late: p.late,
    createdAt: iso(p.createdAt),
    paidAt: p.paidAt === null ? null : iso(p.paidAt),
    expiresAt: iso(p.expiresAt),
  };
}

const presentVolume = (v: PaidVolume): VolumeBucket => ({ volume: formatAmount(v.amount), count: v.count });

/** What the console screens read, shaped for them; the payments themselves come from the payment service. */
export class ConsoleQueries {
  constructor(
    private readonly payments: PaymentService,
    private readonly ledger: TransferLedger,
  ) {}

  async listPayments(filter: ConsolePaymentFilter): Promise<PaymentRowView[]> {
    return (await this.payments.search(filter)).map(presentPaymentRow);
  }

  countsByStatus(): Promise<Record<PaymentStatus, number>> {
    return this.payments.countByStatus();
  }

  async paidVolume(from: number, to: number): Promise<VolumeBucket> {
    return presentVolume(await this.payments.paidVolume(from, to));
  }

  /** Paid volume per day for `days` days starting at `origin` (a local midnight, epoch ms). */
  async dailyVolume(origin: number, days: number): Promise<VolumeBucket[]> {
    return (await this.payments.dailyPaidVolume(origin, days)).map(presentVolume);
  }

  unmatchedCount(): Promise<number> {
    return this.ledger.countUnmatched();
  }
}
