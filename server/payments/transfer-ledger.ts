import type { InboundJettonTransfer, TxCursor } from '../chain/types';
import { invalidTransition, notFound } from '../domain/errors';
import { formatAmount } from '../../contract/amount';
import type { Clock } from '../util/clock';
import { failpoint } from '../util/failpoints';
import { normalizeMemo } from '../util/ids';
import type { EventRecorder, PaymentService } from './payment-service';
import { applyCredit } from './payment-state';
import type { Payment } from './payment-types';
import type { TransferRecord } from './transfer-repository';

export interface BatchSummary {
  credited: number;
  unmatched: number;
  duplicates: number;
}

const MEMO_IN_TEXT = /TT-[2-9A-HJKMNP-Z]{10}/;

/** Public shape of a transfer in events and the console. */
export function presentTransfer(t: TransferRecord | InboundJettonTransfer) {
  return {
    txHash: t.txHash, lt: t.lt.toString(), amount: formatAmount(t.amount), amountBaseUnits: t.amount.toString(),
    from: t.from, comment: t.comment, at: new Date(t.utime * 1000).toISOString(),
    ...('status' in t ? { status: t.status, paymentId: t.paymentId, resolution: t.resolution } : {}),
  };
}

/**
 * Turns chain facts (transfers the watcher saw) into ledger changes. The watcher never touches
 * payments; this is the only place a transfer becomes money on a payment.
 */
export class TransferLedger {
  constructor(private readonly payments: PaymentService, private readonly clock: Clock) {}

  private get transfers() {
    return this.payments.transfers;
  }

  /** Credits a batch and advances the cursor in one transaction: a crash keeps both or neither. */
  creditBatch(account: string, batch: readonly InboundJettonTransfer[], cursor: TxCursor): BatchSummary {
    return this.payments.transaction((record) => {
      const summary: BatchSummary = { credited: 0, unmatched: 0, duplicates: 0 };
      batch.forEach((transfer, index) => {
        summary[this.creditOne(transfer, record)] += 1;
        if (index === Math.floor(batch.length / 2)) failpoint('credit-batch-midway');
      });
      this.transfers.saveCursor(account, cursor, this.clock.now());
      return summary;
    });
  }

  cursor(account: string): TxCursor | null {
    return this.transfers.cursor(account);
  }

  /** A memo typed by hand may carry extra words or the wrong case: find ours inside it. */
  matchPayment(comment: string | null): Payment | null {
    if (!comment) return null;
    const text = normalizeMemo(comment);
    const exact = this.payments.payments.findByMemo(text);
    if (exact) return exact;
    const found = MEMO_IN_TEXT.exec(text);
    return found ? this.payments.payments.findByMemo(found[0]) : null;
  }

  private creditOne(t: InboundJettonTransfer, record: EventRecorder): 'credited' | 'unmatched' | 'duplicates' {
    const now = this.clock.now();
    const payment = this.matchPayment(t.comment);
    // Chain time decides lateness: a watcher that was down must not make an on-time payment late.
    if (!payment || t.amount <= 0n) {
      if (!this.transfers.insert(t, null, 'unmatched', now)) return 'duplicates';
      record.raw('transfer.unmatched', null, presentTransfer(t));
      return 'unmatched';
    }
    // A matched transfer is credited to its payment in every state: a closed one keeps its status
    // and the event tells the merchant to refund.
    const outcome = applyCredit(payment, t.amount, t.utime * 1000, this.payments.policy.monitoringWindowSeconds * 1000);
    if (!this.transfers.insert(t, payment.id, 'credited', now)) return 'duplicates';
    record.change({ ...payment, ...outcome.next, updatedAt: now }, outcome.events);
    return 'credited';
  }

  listUnmatched(limit = 200): TransferRecord[] {
    return this.transfers.withStatus('unmatched', limit);
  }

  /** The merchant decides an unmatched transfer belongs to a payment; the decision is recorded. */
  attach(txHash: string, paymentId: string, note: string): Payment {
    return this.payments.transaction((record) => {
      const transfer = this.unmatched(txHash);
      const payment = this.payments.get(paymentId);
      // The merchant's explicit decision overrides the monitoring window, so use the current time.
      const outcome = applyCredit(payment, transfer.amount, this.clock.now(), Number.MAX_SAFE_INTEGER);
      this.transfers.resolve(txHash, 'credited', payment.id, note || 'attached by merchant', this.clock.now());
      return record.change({ ...payment, ...outcome.next, updatedAt: this.clock.now() }, outcome.events);
    });
  }

  dismiss(txHash: string, note: string): TransferRecord {
    return this.payments.transaction(() => {
      this.unmatched(txHash);
      this.transfers.resolve(txHash, 'dismissed', null, note || 'dismissed by merchant', this.clock.now());
      return this.transfers.find(txHash)!;
    });
  }

  private unmatched(txHash: string): TransferRecord {
    const transfer = this.transfers.find(txHash);
    if (!transfer) throw notFound(`transfer ${txHash}`);
    if (transfer.status !== 'unmatched') throw invalidTransition(`transfer is already ${transfer.status}`, 'txHash');
    return transfer;
  }
}
