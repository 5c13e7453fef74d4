import type { ChainActions, PaymentBody } from './chain-actions';
import { micro, usdtText, type ChaosApi, type Outcome } from './chaos-client';
import type { Prng } from './prng';

/** One payment as the client knows it: what it was told (2xx) and what it sent. */
export interface PaymentSeen {
  id: string;
  externalId: string;
  memo: string;
  amount: bigint;
  /** its creation was answered 2xx only by a retry, after the first try died with the service */
  recovered: boolean;
  /** false once picked for cancelling: nothing is ever sent to it */
  payable: boolean;
  cancelAcked: boolean;
  transfersTried: number;
  /** acknowledged transfers: each must be credited exactly once */
  sent: bigint;
  /** transfers whose answer was lost: each may or may not have happened */
  inDoubt: bigint;
  /** the largest paidAmount a 2xx answer showed: a crash may not take it back */
  maxSeenPaid: bigint;
  /** asked back in refunds whose creation was acknowledged or is in doubt: they may hold against what was paid */
  refundsAsked: bigint;
}

/** One refund the client asked for. */
export interface RefundSeen {
  paymentId: string;
  amount: bigint;
  /** null while (or if ever) its creation is in doubt */
  id: string | null;
  destination: string;
  memo: string;
  /** none: not sent yet; acked: the chain took the merchant's transfer; in-doubt: the send's answer was lost */
  send: 'none' | 'acked' | 'in-doubt';
}

export interface TransferSeen {
  paymentId: string;
  amount: bigint;
  acked: boolean;
  /** every transaction the transfer caused; the credited one is among them */
  txHashes: string[];
}

interface RefundBody {
  id: string;
  amount: string;
  destination: string;
  memo: string;
}

const MAX_TRANSFERS_PER_PAYMENT = 4;

/** The client's record of the run: the claims the final checks hold the service to. */
export class ClientLedger {
  readonly payments = new Map<string, PaymentSeen>();
  /** creations whose answer was lost, by externalId, with the amount asked for */
  readonly creationsInDoubt = new Map<string, bigint>();
  readonly transfers: TransferSeen[] = [];
  readonly refunds: RefundSeen[] = [];
  /** answers that should not happen at all (a 4xx/5xx to a valid request, a changed id) */
  readonly anomalies: string[] = [];
  operations = 0;

  acked(): PaymentSeen[] {
    return [...this.payments.values()];
  }
}

/** Random merchant and customer operations, drawn from a seeded PRNG. */
export class Workload {
  readonly ledger = new ClientLedger();
  private nextExternal = 0;

  constructor(
    private readonly rng: Prng,
    private readonly prefix: string,
    private readonly chain: ChainActions,
  ) {}

  /** One random operation. Every choice is made before the first await, so concurrent steps never pick the same target. */
  async step(api: ChaosApi): Promise<void> {
    this.ledger.operations += 1;
    const all = this.ledger.acked();
    const payable = all.filter((p) => p.payable && p.transfersTried < MAX_TRANSFERS_PER_PAYMENT);
    const roll = this.rng.next();
    if (roll < 0.3 || all.length === 0)
      return this.create(api, `${this.prefix}-${this.nextExternal++}`, BigInt(this.rng.int(100, 5_000)) * 10_000n);
    if (roll < 0.72 && payable.length > 0) return this.pay(api, this.rng.pick(payable));
    if (roll < 0.8) return this.read(api, this.rng.pick(all));
    if (roll < 0.86) return this.replay(api, this.rng.pick(all));
    if (roll < 0.94) return this.refund(api, all);
    const untouched = payable.filter((p) => p.transfersTried === 0);
    return untouched.length > 0 ? this.cancel(api, this.rng.pick(untouched)) : this.read(api, this.rng.pick(all));
  }

  /** Sends every creation whose answer was lost again: externalId makes the retry safe. */
  async recoverCreations(api: ChaosApi): Promise<void> {
    for (const [externalId, amount] of [...this.ledger.creationsInDoubt]) await this.create(api, externalId, amount);
  }

  private async create(api: ChaosApi, externalId: string, amount: bigint): Promise<void> {
    const retry = this.ledger.creationsInDoubt.has(externalId);
    const out = await api.merchant<PaymentBody>('POST', '/crypto/deposit/invoice', creationBody(externalId, amount));
    if (out.kind === 'lost') {
      this.ledger.creationsInDoubt.set(externalId, amount);
      return;
    }
    if (out.kind === 'refused') return this.anomaly(`create ${externalId}`, out);
    this.ledger.creationsInDoubt.delete(externalId);
    if (micro(out.body.amount) !== amount)
      this.ledger.anomalies.push(`create ${externalId}: amount ${out.body.amount}, asked ${usdtText(amount)}`);
    this.ledger.payments.set(out.body.id, {
      id: out.body.id,
      externalId,
      memo: out.body.memo,
      amount,
      recovered: retry,
      payable: true,
      cancelAcked: false,
      transfersTried: 0,
      sent: 0n,
      inDoubt: 0n,
      maxSeenPaid: 0n,
      refundsAsked: 0n,
    });
  }

  /** An exact, partial or over payment, computed from what the client has sent so far. */
  private async pay(api: ChaosApi, p: PaymentSeen): Promise<void> {
    p.transfersTried += 1;
    const due = p.amount > p.sent ? p.amount - p.sent : 0n;
    const kind = this.rng.next();
    let amount = due > 0n ? due : 1_000_000n;
    if (kind < 0.35 && due > 20_000n)
      amount = ((due * BigInt(this.rng.int(20, 70))) / 100n / 10_000n) * 10_000n || 10_000n;
    else if (kind > 0.8) amount = due + BigInt(this.rng.int(1, 200)) * 10_000n;
    const out = await this.chain.pay(api, p, amount);
    const acked = out.kind === 'ok';
    this.ledger.transfers.push({ paymentId: p.id, amount, acked, txHashes: acked ? out.body.txHashes : [] });
    if (acked) {
      p.sent += amount;
      if (out.body.payment) this.saw(p, out.body.payment);
      return;
    }
    p.inDoubt += amount;
    if (out.kind === 'refused') this.anomaly(`pay ${p.id} ${usdtText(amount)}`, out);
  }

  /** Sends a refund asked for earlier, or asks for one (some of what the client saw credited and has not asked back yet). */
  private async refund(api: ChaosApi, all: PaymentSeen[]): Promise<void> {
    const unsent = this.ledger.refunds.filter((r) => r.id !== null && r.send === 'none');
    if (unsent.length > 0) return this.sendRefund(api, this.rng.pick(unsent));
    const refundable = all.filter((p) => p.maxSeenPaid > p.refundsAsked);
    // nothing seen credited yet: look at a payment that was sent money, so a later refund can ask for it back
    const unseen = all.filter((p) => p.sent > p.maxSeenPaid);
    if (refundable.length === 0) return this.read(api, this.rng.pick(unseen.length > 0 ? unseen : all));
    const p = this.rng.pick(refundable);
    const left = p.maxSeenPaid - p.refundsAsked;
    const share = ((left * BigInt(this.rng.int(20, 100))) / 100n / 10_000n) * 10_000n;
    const amount = share > 0n ? share : left;
    p.refundsAsked += amount;
    const out = await api.merchant<RefundBody>('POST', `/crypto/payment/${p.id}/refunds`, {
      amount: usdtText(amount),
      reason: 'chaos',
    });
    const seen: RefundSeen = { paymentId: p.id, amount, id: null, destination: '', memo: '', send: 'none' };
    this.ledger.refunds.push(seen);
    if (out.kind === 'refused') return this.anomaly(`refund ${usdtText(amount)} of ${p.id}`, out);
    if (out.kind === 'lost') return;
    Object.assign(seen, { id: out.body.id, destination: out.body.destination, memo: out.body.memo });
    if (micro(out.body.amount) !== amount)
      this.ledger.anomalies.push(`refund of ${p.id}: amount ${out.body.amount}, asked ${usdtText(amount)}`);
  }

  private async sendRefund(api: ChaosApi, refund: RefundSeen): Promise<void> {
    refund.send = 'in-doubt';
    const out = await this.chain.sendRefund(api, {
      id: refund.id!,
      amount: refund.amount,
      destination: refund.destination,
      memo: refund.memo,
    });
    if (out.kind === 'ok') refund.send = 'acked';
    if (out.kind === 'refused') this.anomaly(`send refund ${refund.id}`, out);
  }

  private async cancel(api: ChaosApi, p: PaymentSeen): Promise<void> {
    p.payable = false;
    const out = await api.merchant<PaymentBody>('POST', `/crypto/payment/${p.id}/cancel`);
    if (out.kind === 'ok') p.cancelAcked = true;
    if (out.kind === 'refused') this.anomaly(`cancel ${p.id}`, out);
  }

  private async read(api: ChaosApi, p: PaymentSeen): Promise<void> {
    const out = await api.merchant<PaymentBody>('GET', `/crypto/payment/${p.id}`);
    if (out.kind === 'ok') this.saw(p, out.body);
    if (out.kind === 'refused') this.anomaly(`read ${p.id}`, out);
  }

  /** The same creation again: after any number of crashes it must name the same payment. */
  private async replay(api: ChaosApi, p: PaymentSeen): Promise<void> {
    const out = await api.merchant<PaymentBody>(
      'POST',
      '/crypto/deposit/invoice',
      creationBody(p.externalId, p.amount),
    );
    if (out.kind === 'ok' && out.body.id !== p.id)
      this.ledger.anomalies.push(`replay ${p.externalId}: got ${out.body.id}, first answer was ${p.id}`);
    if (out.kind === 'refused') this.anomaly(`replay ${p.externalId}`, out);
  }

  private saw(p: PaymentSeen, body: PaymentBody): void {
    const paid = micro(body.paidAmount);
    if (paid > p.maxSeenPaid) p.maxSeenPaid = paid;
  }

  private anomaly(what: string, out: Extract<Outcome<unknown>, { kind: 'refused' }>): void {
    this.ledger.anomalies.push(`${what}: HTTP ${out.status} ${JSON.stringify(out.body).slice(0, 300)}`);
  }
}

function creationBody(externalId: string, amount: bigint) {
  return { currency: 'USDT', mainCurrency: 'TON', amount: usdtText(amount), externalId };
}
