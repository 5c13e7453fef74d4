import { ASSETS, type AssetCode } from '../../contract/asset';
import type { CheckoutView } from '../../contract/checkout';
import type { PublicPayment } from '../../contract/payments';

/**
 * What the customer is told to send: a jetton by the ticker wallets list it under ("USDT"), the
 * network's own coin by its full name, which says both names while Toncoin is renamed Gram.
 */
export function assetToSend(code: AssetCode): string {
  const asset = ASSETS[code];
  return asset.kind === 'native' ? asset.name : asset.symbol;
}

/** The checkout's view of a payment (contract/checkout.ts says what it may carry). */
export function toCheckoutView(p: PublicPayment, nowMs: number): CheckoutView {
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    paidAmount: p.paidAmount,
    dueAmount: p.dueAmount,
    currency: p.currency,
    assetSymbol: ASSETS[p.currency].symbol,
    assetName: assetToSend(p.currency),
    network: p.mainCurrency,
    memo: p.memo,
    address: p.address,
    description: p.description,
    externalId: p.externalId,
    links: { ton: p.links.ton, tonkeeper: p.links.tonkeeper },
    price: p.quotes.length > 0 ? { amount: p.price.amount, currency: p.price.currency } : null,
    choices: p.quotes.map((q) => ({
      currency: q.currency,
      amount: q.amount,
      assetSymbol: ASSETS[q.currency].symbol,
      assetName: assetToSend(q.currency),
      rate: q.rate,
      source: q.source,
    })),
    expiresAt: p.expiresAt,
    paidAt: p.paidAt,
    serverTime: new Date(nowMs).toISOString(),
  };
}

/** Event payloads are public payment records; anything else on the bus is not ours to forward. */
export function isPublicPayment(data: unknown, paymentId: string): data is PublicPayment {
  const d = data as Partial<PublicPayment> | null;
  return (
    !!d && typeof d === 'object' && d.id === paymentId && typeof d.status === 'string' && typeof d.links === 'object'
  );
}
