import { formatAmount } from '../../contract/amount';
import { ASSETS } from '../../contract/asset';
import type { RefundStatus } from '../../contract/refunds';
import type { WalletMovement } from '../chain/types';
import type { RefundRecord } from '../storage/ledger-repositories';
import type { Payment } from '../storage/records';
import type { UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { normalizeMemo } from '../util/ids';
import { heldByRefunds, paymentIn, sameAccount, type RefundTransitions } from './refund-transitions';

/**
 * Who the audit log names for what the watcher saw the store's wallet do: the wallet app that signed
 * it, whoever held it.
 */
const STORE_WALLET_ACTOR = 'wallet';

/**
 * The states from which a send with a refund's memo, amount and destination turns it `sent`. A
 * cancelled one too: a wallet app that scanned its QR code before the cancel knows nothing of it,
 * and money that left the wallet as the refund is the refund, whatever the service said meanwhile.
 */
const SENDABLE: readonly RefundStatus[] = ['awaiting_signature', 'cancelled'];

/** The refunds' side of what the watcher saw the store's wallet do: a refund sent, a refund bounced. */
export class RefundMovements {
  constructor(
    private readonly transitions: RefundTransitions,
    private readonly clock: Clock,
  ) {}

  /**
   * What the watcher saw the wallet do, in the watcher's own unit of work (so with its cursor):
   * a send with a refund's memo, exact amount and destination sends that refund (even a cancelled
   * one); the jettons of a sent refund coming back fail it. Anything else stays an outgoing transfer
   * the books list.
   */
  async applyMovements(uow: UnitOfWork, movements: readonly WalletMovement[]): Promise<void> {
    for (const movement of movements) {
      if (movement.kind === 'sent') await this.matchSent(uow, movement);
      else await this.matchReturned(uow, movement);
    }
  }

  private async matchSent(uow: UnitOfWork, sent: WalletMovement): Promise<void> {
    if (!sent.comment) return;
    const refund = await uow.refunds.findByMemo(normalizeMemo(sent.comment));
    if (
      !refund ||
      !SENDABLE.includes(refund.status) ||
      refund.amount !== sent.amount ||
      !sameAccount(sent.counterparty, refund.destination)
    )
      return;
    const payment = await paymentIn(uow, refund.paymentId);
    // a refund goes back in the asset that was paid: the same number of nanotons is not the same refund in USDT
    if (payment.currency !== sent.asset) return;
    const next: RefundRecord = { ...refund, status: 'sent', txHash: sent.txHash, queryId: sent.queryId };
    const afterCancel = refund.status === 'cancelled';
    if (afterCancel) await this.auditSentAfterCancel(uow, next, payment);
    await this.transitions.move(
      uow,
      'refund.sent',
      next,
      payment,
      payment.refundedAmount + refund.amount,
      afterCancel ? { sentAfterCancel: true } : {},
    );
  }

  /**
   * A cancelled refund the wallet sent anyway now counts again. Refunds asked for since its cancel
   * stay as they are (the merchant asked for them, and one may be on its way); when they and the sent
   * ones now promise more than was paid, the entry says by how much, and no new refund fits.
   */
  private async auditSentAfterCancel(uow: UnitOfWork, sent: RefundRecord, payment: Payment): Promise<void> {
    const heldNow = heldByRefunds(await uow.refunds.forPayment(payment.id)) + sent.amount;
    const excess = heldNow - payment.paidAmount;
    await uow.audit.append({
      at: this.clock.now(),
      actor: STORE_WALLET_ACTOR,
      action: 'refund.sent_after_cancel',
      target: payment.id,
      detail: {
        refundId: sent.id,
        amount: formatAmount(sent.amount, payment.currency),
        asset: payment.currency,
        txHash: sent.txHash,
        ...(excess > 0n ? { exceedsPaidBy: formatAmount(excess, payment.currency) } : {}),
      },
    });
  }

  private async matchReturned(uow: UnitOfWork, returned: WalletMovement): Promise<void> {
    const refund = await this.bouncedRefund(uow, returned);
    if (!refund) return;
    const payment = await paymentIn(uow, refund.paymentId);
    if (payment.currency !== returned.asset) return;
    await this.transitions.move(
      uow,
      'refund.failed',
      { ...refund, status: 'failed' },
      payment,
      payment.refundedAmount - refund.amount,
    );
  }

  /**
   * The sent refund a bounce brings back. Jettons come back whole with the transfer's query id. A
   * Toncoin transfer has no query id and comes back less the fees, but its bounced body starts with
   * the comment: the memo (a refund memo is short enough to fit the 256 bits a bounce keeps).
   */
  private async bouncedRefund(uow: UnitOfWork, returned: WalletMovement): Promise<RefundRecord | null> {
    if (ASSETS[returned.asset].kind === 'jetton')
      return (await uow.refunds.sentWithQueryId(returned.queryId)).find((r) => r.amount === returned.amount) ?? null;
    if (!returned.comment) return null;
    const refund = await uow.refunds.findByMemo(normalizeMemo(returned.comment));
    return refund?.status === 'sent' && returned.amount <= refund.amount ? refund : null;
  }
}
