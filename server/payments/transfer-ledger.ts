import type { InboundJettonTransfer, TxCursor, WalletMovement } from '../chain/types';
import { invalidTransition, notFound, paymentNotFound } from '../domain/errors';
import type { EventLog } from '../events/event-log';
import { formatAmount } from '../../contract/amount';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { failpoint } from '../util/failpoints';
import { normalizeMemo } from '../util/ids';
import type { CreditedTransfer } from './payment-presenter';
import type { PaymentService } from './payment-service';
import type { Payment, TransferDecisionRecord, TransferDecisionAction, TransferRecord } from './payment-types';
import type { PaymentEventType } from '../../contract/payments';
import type { TransferStatus } from '../../contract/chain';

export interface BatchSummary {
  credited: number;
  unmatched: number;
  duplicates: number;
}

export interface TransferLedgerDeps {
  storage: Storage;
  payments: PaymentService;
  events: EventLog;
  clock: Clock;
}

/** Who decided, when the caller does not say (the CLI, tests). */
const DEFAULT_ACTOR = 'merchant';

const DECISION_EVENTS: Record<TransferDecisionAction, PaymentEventType> = {
  attached: 'transfer.attached', dismissed: 'transfer.dismissed', undone: 'transfer.restored',
};

const MEMO_IN_TEXT = /TT-[2-9A-HJKMNP-Z]{10}/;

/** Public shape of a transfer in events and the console. */
export function presentTransfer(t: TransferRecord | InboundJettonTransfer) {
  return {
    txHash: t.txHash, lt: t.lt.toString(), amount: formatAmount(t.amount), amountBaseUnits: t.amount.toString(),
    from: t.from, comment: t.comment, at: new Date(t.utime * 1000).toISOString(),
    ...('status' in t ? { status: t.status, paymentId: t.paymentId, resolution: t.resolution } : {}),
  };
}

/** The memos a comment may name: the text itself, or ours inside a memo typed by hand with extra words or the wrong case. */
function memosIn(comment: string | null): string[] {
  if (!comment) return [];
  const text = normalizeMemo(comment);
  const found = MEMO_IN_TEXT.exec(text);
  return found && found[0] !== text ? [text, found[0]] : [text];
}

/**
 * The payments a batch's comments name, read in one statement, and kept current as the batch
 * credits them: a second transfer to the same payment in the batch sees the first one's credit.
 */
class BatchPayments {
  private readonly byMemo = new Map<string, Payment>();

  static async load(view: ReadView, batch: readonly InboundJettonTransfer[]): Promise<BatchPayments> {
    const loaded = new BatchPayments();
    for (const payment of await view.payments.findByMemos([...new Set(batch.flatMap((t) => memosIn(t.comment)))])) {
      loaded.byMemo.set(payment.memo, payment);
    }
    return loaded;
  }

  match(comment: string | null): Payment | null {
    for (const memo of memosIn(comment)) {
      const payment = this.byMemo.get(memo);
      if (payment) return payment;
    }
    return null;
  }

  updated(payment: Payment): void {
    this.byMemo.set(payment.memo, payment);
  }
}

/**
 * Turns chain facts (transfers the watcher saw) into ledger records: it matches each transfer to a
 * payment and records it exactly once, and asks the payment service to credit it. The watcher never
 * touches payments.
 */
export class TransferLedger {
  constructor(private readonly deps: TransferLedgerDeps) {}

  /**
   * Credits a batch, records the wallet's other movements (sends, bounces) and advances the cursor
   * in one unit of work: a crash keeps all of it or none.
   */
  creditBatch(
    account: string, batch: readonly InboundJettonTransfer[], cursor: TxCursor, movements: readonly WalletMovement[] = [],
  ): Promise<BatchSummary> {
    return this.deps.storage.write(async (uow) => {
      const summary: BatchSummary = { credited: 0, unmatched: 0, duplicates: 0 };
      const payments = await BatchPayments.load(uow, batch);
      for (const [index, transfer] of batch.entries()) {
        summary[await this.creditOne(uow, payments, transfer)] += 1;
        if (index === Math.floor(batch.length / 2)) failpoint('credit-batch-midway');
      }
      const now = this.deps.clock.now();
      for (const movement of movements) await uow.movements.insert(account, movement, now);
      await uow.transfers.saveCursor(account, cursor, now);
      return summary;
    });
  }

  cursor(account: string): Promise<TxCursor | null> {
    return this.deps.storage.read((view) => view.transfers.cursor(account));
  }

  private async creditOne(uow: UnitOfWork, payments: BatchPayments, t: InboundJettonTransfer): Promise<keyof BatchSummary> {
    const now = this.deps.clock.now();
    const payment = payments.match(t.comment);
    if (!payment || t.amount <= 0n) {
      if (!await uow.transfers.insert(t, null, 'unmatched', now)) return 'duplicates';
      await this.deps.events.record(uow, 'transfer.unmatched', null, presentTransfer(t));
      return 'unmatched';
    }
    // A matched transfer is credited to its payment in every state: a closed one keeps its status
    // and the event tells the merchant to refund.
    if (!await uow.transfers.insert(t, payment.id, 'credited', now)) return 'duplicates';
    const credited = { txHash: t.txHash, amount: t.amount, from: t.from, comment: t.comment, creditedAt: now };
    payments.updated(await this.deps.payments.creditFromChain(uow, payment, credited, t.utime * 1000));
    return 'credited';
  }

  listUnmatched(limit = 200): Promise<TransferRecord[]> {
    return this.deps.storage.read((view) => view.transfers.withStatus('unmatched', limit));
  }

  countUnmatched(): Promise<number> {
    return this.deps.storage.read((view) => view.transfers.countWithStatus('unmatched'));
  }

  /** The transfers credited to a payment, oldest first. */
  creditedTo(paymentId: string): Promise<CreditedTransfer[]> {
    return this.deps.storage.read((view) => view.transfers.creditedTo(paymentId));
  }

  find(txHash: string): Promise<TransferRecord | null> {
    return this.deps.storage.read((view) => view.transfers.find(txHash));
  }

  /**
   * The merchant decides an unmatched transfer belongs to a payment. The decision is kept, and its
   * `transfer.attached` event (with the note) lands on the payment's timeline before the credit's.
   */
  attach(txHash: string, paymentId: string, note: string, actor = DEFAULT_ACTOR): Promise<Payment> {
    return this.deps.storage.write(async (uow) => {
      const transfer = await this.inState(uow, txHash, 'unmatched');
      const payment = await uow.payments.findById(paymentId);
      if (!payment) throw paymentNotFound(paymentId);
      const decision = await this.decide(uow, transfer, 'attached', payment.id, note || 'attached by merchant', actor);
      await uow.transfers.resolve(txHash, 'credited', payment.id, decision.note, decision.at);
      return this.deps.payments.creditByMerchant(uow, payment, transfer.amount);
    });
  }

  /** The merchant sets a transfer aside (refunded elsewhere, not a customer's); undoable until attached. */
  dismiss(txHash: string, note: string, actor = DEFAULT_ACTOR): Promise<TransferRecord> {
    return this.deps.storage.write(async (uow) => {
      const transfer = await this.inState(uow, txHash, 'unmatched');
      const decision = await this.decide(uow, transfer, 'dismissed', null, note || 'dismissed by merchant', actor);
      await uow.transfers.resolve(txHash, 'dismissed', null, decision.note, decision.at);
      return (await uow.transfers.find(txHash))!;
    });
  }

  /** Undoes a dismissal: the transfer is back in the inbox, and the history keeps both decisions. */
  restore(txHash: string, actor = DEFAULT_ACTOR): Promise<TransferRecord> {
    return this.deps.storage.write(async (uow) => {
      const transfer = await this.inState(uow, txHash, 'dismissed');
      await uow.transfers.reopen(txHash);
      await this.decide(uow, transfer, 'undone', null, 'dismissal undone', actor);
      return (await uow.transfers.find(txHash))!;
    });
  }

  /** Decisions newest first, each with its transfer as it is now. */
  history(action: TransferDecisionAction | undefined, limit: number): Promise<Array<{ decision: TransferDecisionRecord; transfer: TransferRecord; latest: boolean }>> {
    return this.deps.storage.read(async (view) => {
      const decisions = await view.transfers.decisions(action, limit);
      return Promise.all(decisions.map(async (decision) => ({
        decision,
        transfer: (await view.transfers.find(decision.txHash))!,
        latest: (await view.transfers.lastDecision(decision.txHash))?.seq === decision.seq,
      })));
    });
  }

  private async decide(
    uow: UnitOfWork, transfer: TransferRecord, action: TransferDecisionAction, paymentId: string | null, note: string, actor: string,
  ): Promise<TransferDecisionRecord> {
    const decision = await uow.transfers.recordDecision({ txHash: transfer.txHash, action, paymentId, note, actor, at: this.deps.clock.now() });
    await this.deps.events.record(uow, DECISION_EVENTS[action], paymentId, { ...presentTransfer(transfer), paymentId, note, actor });
    return decision;
  }

  private async inState(view: ReadView, txHash: string, status: TransferStatus): Promise<TransferRecord> {
    const transfer = await view.transfers.find(txHash);
    if (!transfer) throw notFound(`transfer ${txHash}`);
    if (transfer.status !== status) {
      throw invalidTransition(status === 'unmatched' ? `transfer is already ${transfer.status}` : `transfer is ${transfer.status}, not ${status}`, 'txHash');
    }
    return transfer;
  }
}
