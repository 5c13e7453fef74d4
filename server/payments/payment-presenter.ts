import { formatAmount } from '../../contract/amount';
import { explorerTxUrl, paymentLinks, type ChainInfo } from './payment-links';
import type { PublicPayment } from '../../contract/payments';
import { percentOf } from '../../contract/price';
import { toleratedShortfall } from './payment-state';
import type { CreditedTransfer, Payment } from '../storage/records';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A quote's fixedAt: every invoice locked from the same cached answer shares it, so the last is kept. */
let lastFixedAt = { ms: Number.NaN, text: '' };
function isoOfFixedAt(ms: number): string {
  if (lastFixedAt.ms !== ms) lastFixedAt = { ms, text: iso(ms) };
  return lastFixedAt.text;
}

/** The one public shape of a payment: API responses, webhooks and the console all use it. */
export function presentPayment(
  p: Payment,
  transfers: readonly CreditedTransfer[],
  chain: ChainInfo,
  publicUrl: string,
): PublicPayment {
  // a payment settled inside its tolerance is due nothing more: what it lacks is its shortfall
  const due = p.paidAmount >= p.amount || p.status === 'paid' ? 0n : p.amount - p.paidAmount;
  return {
    id: p.id,
    paymentId: p.id,
    kind: p.kind,
    status: p.status,
    amount: formatAmount(p.amount, p.currency),
    amountBaseUnits: p.amount.toString(),
    paidAmount: formatAmount(p.paidAmount, p.currency),
    dueAmount: formatAmount(due, p.currency),
    overpaidAmount: formatAmount(p.overpaidAmount, p.currency),
    refundedAmount: formatAmount(p.refundedAmount, p.currency),
    currency: p.currency,
    mainCurrency: p.mainCurrency,
    price: p.pricing?.price ?? { amount: formatAmount(p.amount, p.currency), currency: p.currency },
    quotes: (p.pricing?.quotes ?? []).map((q) => ({
      currency: q.asset,
      amount: formatAmount(q.amount, q.asset),
      rate: q.rate,
      source: q.source,
      fixedAt: isoOfFixedAt(q.fixedAt),
    })),
    tolerance: {
      percent: percentOf(p.toleranceBps),
      shortfall: formatAmount(toleratedShortfall(p), p.currency),
    },
    externalId: p.externalId,
    description: p.description,
    memo: p.memo,
    address: p.address,
    jettonMaster: chain.jettonMaster,
    links: paymentLinks(p, chain, publicUrl),
    late: p.late,
    expiresAt: iso(p.expiresAt),
    paidAt: p.paidAt === null ? null : iso(p.paidAt),
    customer: p.customer,
    callbackUrl: p.callbackUrl,
    successUrl: p.successUrl,
    failUrl: p.failUrl,
    metadata: p.metadata,
    transfers: transfers.map((t) => ({
      txHash: t.txHash,
      amount: formatAmount(t.amount, p.currency),
      from: t.from,
      comment: t.comment,
      creditedAt: iso(t.creditedAt),
      explorerUrl: explorerTxUrl(chain.mode, t.txHash),
    })),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}
