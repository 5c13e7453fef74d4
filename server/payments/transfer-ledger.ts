import type { InboundTransfer, TxCursor, WalletMovement } from '../chain/types';
import { invalidInput, invalidTransition, notFound, paymentNotFound } from '../domain/errors';
import type { EventLog } from '../events/event-log';
import { formatAmount } from '../../contract/amount';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { failpoint } from '../util/failpoints';
import type { CreditedTransfer } from '../storage/records';
import { CreditBatch } from './credit-batch';
import type { PaymentService } from './payment-service';
import type { RefundService } from './refund-service';
import type { Payment, TransferDecisionRecord, TransferDecisionAction, TransferRecord } from '../storage/records';
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
  /** told, in the same unit of work, what left the wallet or came back: a refund may have been sent or bounced */
  refunds: Pick<RefundService, 'applyMovements'>;
}

/** Who decided, when the caller does not say (the CLI, tests). */
const DEFAULT_ACTOR = 'merchant';

const DECISION_EVENTS: Record<TransferDecisionAction, PaymentEventType> = {
  attached: 'transfer.attached',
  dismissed: 'transfer.dismissed',
  undone: 'transfer.restored',
};

/** Public shape of a transfer in events and the console. */
export function presentTransfer(t: TransferRecord | InboundTransfer) {
  return {
    asset: t.asset,
    txHash: t.txHash,
    lt: t.lt.toString(),
    amount: formatAmount(t.amount, t.asset),
    amountBaseUnits: t.amount.toString(),
    from: t.from,
    comment: t.comment,
    at: new Date(t.utime * 1000).toISOString(),
    ...('status' in t ? { status: t.status, paymentId: t.paymentId, resolution: t.resolution } : {}),
  };
}

/** The batch a chain batch follows did not commit (or another writer moved the cursor): nothing of this one commits. */
export class CursorMovedError extends Error {
  override readonly name = 'CursorMovedError';
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
    account: string,
    batch: readonly InboundTransfer[],
    cursor: TxCursor,
    movements: readonly WalletMovement[] = [],
    previous?: TxCursor | null,
  ): Promise<BatchSummary> {
    return this.deps.storage.write(async (uow) => {
      if (previous !== undefined) await this.expectCursor(uow, account, previous);
      const summary: BatchSummary = { credited: 0, unmatched: 0, duplicates: 0 };
      const credits = await CreditBatch.open(uow, batch);
      for (const [index, transfer] of batch.entries()) {
        summary[await this.creditOne(uow, credits, transfer)] += 1;
        if (index === Math.floor(batch.length / 2)) failpoint('credit-batch-midway');
      }
      // the batch's range read said these were new: anything else is a bug, and nothing of it commits
      if ((await uow.transfers.insertMany(credits.rows)) !== credits.rows.length)
        throw new Error('a transfer of the batch was already recorded');
      const now = this.deps.clock.now();
      const fresh: WalletMovement[] = [];
      for (const movement of movements) if (await uow.movements.insert(account, movement, now)) fresh.push(movement);
      await this.deps.refunds.applyMovements(uow, fresh);
      await uow.transfers.saveCursor(account, cursor, now);
      return summary;
    });
  }

  /** A batch follows the one before it: if that one did not commit, this one must not either. */
  private async expectCursor(view: ReadView, account: string, previous: TxCursor | null): Promise<void> {
    const stored = await view.transfers.cursor(account);
    if (stored?.lt !== previous?.lt || stored?.hash !== previous?.hash) {
      throw new CursorMovedError(
        `the watcher's cursor is at ${stored?.lt ?? 'the start'}, not at ${previous?.lt ?? 'the start'} where this batch follows`,
      );
    }
  }

  cursor(account: string): Promise<TxCursor | null> {
    return this.deps.storage.read((view) => view.transfers.cursor(account));
  }

  private async creditOne(uow: UnitOfWork, batch: CreditBatch, t: InboundTransfer): Promise<keyof BatchSummary> {
    if (!batch.claim(t.txHash)) return 'duplicates';
    const now = this.deps.clock.now();
    // a memo names a payment in one asset: the same memo on a transfer of another asset pays nothing
    // (a USDT amount is not a Toncoin amount), so it waits in the inbox like any unmatched transfer;
    // unless the payment has a fiat price quoted in that asset and nothing paid yet: it switches to it
    const named = t.amount > 0n ? batch.match(t.comment) : null;
    const settling = named ? await this.deps.payments.settleIn(uow, named, t.asset) : null;
    const payment = settling?.currency === t.asset ? settling : null;
    if (!payment) {
      batch.record(t, null, 'unmatched', now);
      await this.deps.events.record(uow, 'transfer.unmatched', null, presentTransfer(t));
      return 'unmatched';
    }
    // A matched transfer is credited to its payment in every state: a closed one keeps its status
    // and the event tells the merchant to refund.
    batch.record(t, payment.id, 'credited', now);
    const credit: CreditedTransfer = {
      txHash: t.txHash,
      amount: t.amount,
      from: t.from,
      comment: t.comment,
      creditedAt: now,
    };
    // a first credit is the payment's only transfer; otherwise the table's, then this batch's, then this one
    const transfers =
      payment.paidAmount === 0n
        ? [credit]
        : [...(await uow.transfers.creditedTo(payment.id)), ...batch.unwrittenCredits(payment.id), credit];
    batch.credited(await this.deps.payments.creditFromChain(uow, payment, t.amount, t.utime * 1000, transfers), credit);
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
      const found = await uow.payments.findById(paymentId);
      if (!found) throw paymentNotFound(paymentId);
      const payment = await this.deps.payments.settleIn(uow, found, transfer.asset);
      if (payment.currency !== transfer.asset) {
        throw invalidInput(
          'paymentId',
          `the transfer is in ${transfer.asset}, payment ${paymentId} is in ${payment.currency}`,
        );
      }
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
  history(
    action: TransferDecisionAction | undefined,
    limit: number,
  ): Promise<Array<{ decision: TransferDecisionRecord; transfer: TransferRecord; latest: boolean }>> {
    return this.deps.storage.read(async (view) => {
      const decisions = await view.transfers.decisions(action, limit);
      return Promise.all(
        decisions.map(async (decision) => ({
          decision,
          transfer: (await view.transfers.find(decision.txHash, decision.txLt))!,
          latest: (await view.transfers.lastDecision(decision.txHash))?.seq === decision.seq,
        })),
      );
    });
  }

  private async decide(
    uow: UnitOfWork,
    transfer: TransferRecord,
    action: TransferDecisionAction,
    paymentId: string | null,
    note: string,
    actor: string,
  ): Promise<TransferDecisionRecord> {
    const decision = await uow.transfers.recordDecision({
      txLt: transfer.lt,
      txHash: transfer.txHash,
      action,
      paymentId,
      note,
      actor,
      at: this.deps.clock.now(),
    });
    await this.deps.events.record(uow, DECISION_EVENTS[action], paymentId, {
      ...presentTransfer(transfer),
      paymentId,
      note,
      actor,
    });
    await uow.audit.append({
      at: decision.at,
      actor,
      action: `transfer.${action}`,
      target: transfer.txHash,
      detail: { paymentId, note, amount: formatAmount(transfer.amount, transfer.asset), asset: transfer.asset },
    });
    return decision;
  }

  private async inState(view: ReadView, txHash: string, status: TransferStatus): Promise<TransferRecord> {
    const transfer = await view.transfers.find(txHash);
    if (!transfer) throw notFound(`transfer ${txHash}`);
    if (transfer.status !== status) {
      throw invalidTransition(
        status === 'unmatched'
          ? `transfer is already ${transfer.status}`
          : `transfer is ${transfer.status}, not ${status}`,
        'txHash',
      );
    }
    return transfer;
  }
}
