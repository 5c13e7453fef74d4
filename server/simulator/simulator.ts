import { invalidInput } from '../domain/errors';
import { ASSETS, type AssetCode } from '../../contract/asset';
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
import { friendlyAddress, isTonAddress } from '../chain/transfer-messages';
import type { SimulationCase } from '../../contract/chain';

/** The network's own coin moves by plain messages; every other asset is a jetton, sent through the sandbox's jetton kit. */
const isNative = (asset: AssetCode): boolean => ASSETS[asset].kind === 'native';

/** How long a transfer sent just after start waits for the watcher to run (on PostgreSQL, to take its lease). */
const WATCHER_START_WAIT_MS = 10_000;

/** The cases a plain Toncoin transfer has: the others are jetton transfers' own (a forward, a look-alike jetton). */
const TONCOIN_CASES: readonly SimulationCase[] = ['exact', 'short', 'no-comment', 'bounced'];

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

  /**
   * Reads what was just sent. A poll before the watcher runs would be refused (on a shared ledger only
   * the instance holding the watcher's lease may write): a transfer sent in the first moment after
   * start waits for it, a little, rather than failing.
   */
  private async watcherSees(): Promise<void> {
    const until = Date.now() + WATCHER_START_WAIT_MS;
    while (!this.watcher.status().running && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await this.watcher.pollNow();
  }

  async pay(input: SimulateRequest): Promise<SimulationResult> {
    const request = SimulateRequestSchema.parse(input);
    const payment = await this.payments.get(request.paymentId);
    const asset = payment.currency;
    const due = payment.amount > payment.paidAmount ? payment.amount - payment.paidAmount : payment.amount;
    let amount = request.amount === undefined ? due : parsedAmount(request.amount, asset);
    if (request.case === 'short') amount = amount > 1n ? amount - 1n : amount;
    const comment =
      request.case === 'no-comment' ? null : request.comment === undefined ? payment.memo : request.comment;
    const transactions = isNative(asset)
      ? await this.payToncoin(request.case, amount, comment)
      : await this.payUsdt(request, amount, comment);
    await this.watcherSees();
    return {
      case: request.case,
      txHashes: transactions.map((tx) => tx.hash().toString('hex')),
      payment: await this.payments.view(payment.id),
    };
  }

  private payUsdt(request: ReturnType<typeof SimulateRequestSchema.parse>, amount: bigint, comment: string | null) {
    const attack =
      request.case === 'fake-jetton' || request.case === 'forged' || request.case === 'bounced'
        ? request.case
        : undefined;
    return this.sandbox.pay({
      amount,
      comment,
      commentInRef: request.case === 'comment-in-ref',
      ...(request.case === 'zero-forward' ? { forwardTonAmount: 0n } : {}),
      ...(attack ? { case: attack } : {}),
    });
  }

  /** A plain transfer from the payer's wallet to the store's, with the memo as its text comment. */
  private payToncoin(simulated: SimulationCase, amount: bigint, comment: string | null) {
    if (!TONCOIN_CASES.includes(simulated)) {
      throw invalidInput('case', `a Toncoin payment is paid with a plain transfer: ${TONCOIN_CASES.join(', ')}`);
    }
    return this.sandbox.payToncoin({ amount, comment, ...(simulated === 'bounced' ? { case: 'bounced' } : {}) });
  }

  /** The merchant sends USDT elsewhere (to an exchange): the books must still balance afterwards. */
  async withdraw(input: WithdrawRequest): Promise<WithdrawResult> {
    const request = WithdrawRequestSchema.parse(input);
    const amount = parsedAmount(request.amount, 'USDT');
    const to = request.to === undefined ? this.sandbox.exchangeAddress.toString() : recipient(request.to);
    const transactions = await this.sandbox.sendFromMerchant({ amount, destination: to });
    await this.watcherSees();
    return {
      amount: formatAmount(amount, 'USDT'),
      to,
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
    const { refund, asset } = await this.refunds.findWithAsset(request.refundId);
    const send = {
      amount: request.case === 'short' ? refund.amount - 1n : refund.amount,
      destination: refund.destination,
      comment: request.case === 'wrong-memo' ? `${refund.memo}-X` : refund.memo,
    };
    const transactions = isNative(asset)
      ? await this.sandbox.sendToncoinFromMerchant(send)
      : await this.sandbox.sendFromMerchant(send);
    await this.watcherSees();
    const sent = await this.refunds.find(refund.id);
    if (request.case === 'bounce' && sent.status === 'sent') {
      transactions.push(...(await this.bounceBack(sent, asset)));
      await this.watcherSees();
    }
    return {
      case: request.case,
      txHashes: transactions.map((tx) => tx.hash().toString('hex')),
      refund: await this.refunds.view(refund.id),
    };
  }

  /**
   * The recipient's wallet refuses a refund: USDT comes back to the store's jetton wallet with the
   * query id it left with; Toncoin comes back to the store's wallet with the start of its comment.
   */
  private bounceBack(sent: Awaited<ReturnType<RefundService['find']>>, asset: AssetCode) {
    if (isNative(asset)) {
      return this.sandbox.payToncoin({
        amount: sent.amount,
        comment: sent.memo,
        case: 'bounced',
        from: sent.destination,
      });
    }
    return this.sandbox.pay({ amount: sent.amount, case: 'bounced', queryId: sent.queryId! });
  }
}

/** The address a withdrawal goes to (its bounceable friendly form), or the field error that names it. */
function recipient(text: string): string {
  if (!isTonAddress(text)) throw invalidInput('to', 'must be a TON address');
  return friendlyAddress(text, { bounceable: true, testOnly: false });
}

function parsedAmount(text: string, asset: AssetCode): bigint {
  const parsed = parseAmount(text, 10n ** 15n, asset);
  if (!parsed.ok) throw invalidInput('amount', parsed.message);
  return parsed.value;
}
