import { invalidInput } from '../domain/errors';
import { Address } from '@ton/core';
import { formatAmount, parseAmount } from '../../contract/amount';
import {
  SimulateRequestSchema,
  WithdrawRequestSchema,
  type SimulateRequest,
  type SimulationResult,
  type WithdrawRequest,
  type WithdrawResult,
} from '../../contract/chain';
import type { PaymentService } from '../payments/payment-service';
import type { RefundService } from '../payments/refund-service';
import { SimulateRefundRequestSchema, type SimulatedRefund, type SimulateRefundRequest } from '../../contract/refunds';
import type { ChainWatcher } from '../watcher/chain-watcher';
import type { SandboxChain } from '../sandbox/sandbox-chain';

/**
 * Sends real emulated transfers on the sandbox chain, then waits for the watcher to see them, so
 * the result shows exactly what the product concluded from the chain, not what we hoped.
 */
export class Simulator {
  constructor(
    private readonly sandbox: SandboxChain,
    private readonly payments: PaymentService,
    private readonly watcher: ChainWatcher,
    private readonly refunds: RefundService,
  ) {}

  async pay(input: SimulateRequest): Promise<SimulationResult> {
    const request = SimulateRequestSchema.parse(input);
    const payment = await this.payments.get(request.paymentId);
    const due = payment.amount > payment.paidAmount ? payment.amount - payment.paidAmount : payment.amount;
    let amount = request.amount === undefined ? due : parsedAmount(request.amount);
    if (request.case === 'short') amount = amount > 1n ? amount - 1n : amount;
    const comment =
      request.case === 'no-comment' ? null : request.comment === undefined ? payment.memo : request.comment;
    const attack =
      request.case === 'fake-jetton' || request.case === 'forged' || request.case === 'bounced'
        ? request.case
        : undefined;
    const transactions = await this.sandbox.pay({
      amount,
      comment,
      commentInRef: request.case === 'comment-in-ref',
      ...(request.case === 'zero-forward' ? { forwardTonAmount: 0n } : {}),
      ...(attack ? { case: attack } : {}),
    });
    await this.watcher.pollNow();
    return {
      case: request.case,
      txHashes: transactions.map((tx) => tx.hash().toString('hex')),
      payment: await this.payments.view(payment.id),
    };
  }

  /** The merchant sends USDT elsewhere (to an exchange): the books must still balance afterwards. */
  async withdraw(input: WithdrawRequest): Promise<WithdrawResult> {
    const request = WithdrawRequestSchema.parse(input);
    const amount = parsedAmount(request.amount);
    const to = request.to === undefined ? this.sandbox.exchangeAddress : recipient(request.to);
    const transactions = await this.sandbox.sendFromMerchant({ amount, destination: to });
    await this.watcher.pollNow();
    return {
      amount: formatAmount(amount, 'USDT'),
      to: to.toString(),
      txHashes: transactions.map((tx) => tx.hash().toString('hex')),
    };
  }

  /**
   * The merchant's wallet app sends a refund, as the merchant would by scanning its QR code: exactly,
   * one base unit short, or with another comment. Only the exact one may turn the refund `sent`; a
   * bounce sends it exactly, then brings its jettons back, which fails it. It sends whatever the refund's
   * state, as a wallet app that scanned the code before a cancel would: a cancelled refund sent exactly
   * turns `sent` after all.
   */
  async refund(input: SimulateRefundRequest): Promise<SimulatedRefund> {
    const request = SimulateRefundRequestSchema.parse(input);
    const refund = await this.refunds.find(request.refundId);
    const transactions = await this.sandbox.sendFromMerchant({
      amount: request.case === 'short' ? refund.amount - 1n : refund.amount,
      destination: Address.parse(refund.destination),
      comment: request.case === 'wrong-memo' ? `${refund.memo}-X` : refund.memo,
    });
    await this.watcher.pollNow();
    const sent = await this.refunds.find(refund.id);
    if (request.case === 'bounce' && sent.status === 'sent') {
      // the recipient's wallet refuses it: the jettons come back to the store's wallet with the query id they left with
      transactions.push(...(await this.sandbox.pay({ amount: sent.amount, case: 'bounced', queryId: sent.queryId! })));
      await this.watcher.pollNow();
    }
    return {
      case: request.case,
      txHashes: transactions.map((tx) => tx.hash().toString('hex')),
      refund: await this.refunds.view(refund.id),
    };
  }
}

/** The address a withdrawal goes to, or the field error that names it. */
function recipient(text: string): Address {
  try {
    return Address.parse(text);
  } catch {
    throw invalidInput('to', 'must be a TON address');
  }
}

function parsedAmount(text: string): bigint {
  const parsed = parseAmount(text, 10n ** 15n, 'USDT');
  if (!parsed.ok) throw invalidInput('amount', parsed.message);
  return parsed.value;
}
