import type { InboundTransfer } from '../chain/types';
import type { NewTransfer } from '../storage/ledger-repositories';
import type { ReadView } from '../storage/storage-port';
import { normalizeMemo } from '../util/ids';
import type { CreditedTransfer } from '../storage/records';
import type { Payment } from '../storage/records';
import type { TransferStatus } from '../../contract/chain';

const MEMO_IN_TEXT = /TT-[2-9A-HJKMNP-Z]{10}/;

/** The memos a comment may name: the text itself, or ours inside a memo typed by hand with extra words or the wrong case. */
function memosIn(comment: string | null): string[] {
  if (!comment) return [];
  const text = normalizeMemo(comment);
  const found = MEMO_IN_TEXT.exec(text);
  return found && found[0] !== text ? [text, found[0]] : [text];
}

/**
 * One batch of the watcher's transfers on its way into the ledger, read and written in bulk: which
 * transfers the ledger already holds (one range read, the batch being a stretch of the chain), the
 * payments their comments name (one read), and the new rows (written together at the end, in the
 * same unit of work). It keeps the payments current as the batch credits them, so a second
 * transfer to a payment sees the first one's credit before either row is written.
 */
export class CreditBatch {
  readonly rows: NewTransfer[] = [];
  private readonly seen = new Set<string>();
  private readonly byMemo = new Map<string, Payment>();
  /** credits of this batch not in the table yet, per payment */
  private readonly unwritten = new Map<string, CreditedTransfer[]>();

  static async open(view: ReadView, batch: readonly InboundTransfer[]): Promise<CreditBatch> {
    const open = new CreditBatch();
    if (batch.length === 0) return open;
    let [low, high] = [batch[0]!.lt, batch[0]!.lt];
    for (const { lt } of batch) [low, high] = [lt < low ? lt : low, lt > high ? lt : high];
    for (const hash of await view.transfers.hashesBetween(low, high)) open.seen.add(hash);
    for (const payment of await view.payments.findByMemos([...new Set(batch.flatMap((t) => memosIn(t.comment)))])) {
      open.byMemo.set(payment.memo, payment);
    }
    return open;
  }

  /** False for a transaction the ledger holds already, or one reported twice in this batch. */
  claim(txHash: string): boolean {
    if (this.seen.has(txHash)) return false;
    this.seen.add(txHash);
    return true;
  }

  match(comment: string | null): Payment | null {
    for (const memo of memosIn(comment)) {
      const payment = this.byMemo.get(memo);
      if (payment) return payment;
    }
    return null;
  }

  record(transfer: InboundTransfer, paymentId: string | null, status: TransferStatus, createdAt: number): void {
    this.rows.push({ transfer, paymentId, status, createdAt });
  }

  /** The payment's credits from this batch so far, oldest first: the table does not hold them yet. */
  unwrittenCredits(paymentId: string): readonly CreditedTransfer[] {
    return this.unwritten.get(paymentId) ?? [];
  }

  credited(payment: Payment, credit: CreditedTransfer): void {
    this.byMemo.set(payment.memo, payment);
    this.unwritten.set(payment.id, [...this.unwrittenCredits(payment.id), credit]);
  }
}
