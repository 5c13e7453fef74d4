import { z } from 'zod';
import { PAYMENT_STATUSES } from '../../contract/payments';
import type { PublicPayment } from '../../contract/payments';

/**
 * What the customer's browser may know about a payment: enough to pay it and see it land.
 * Never the customer, metadata, callback or redirect URLs, transfers or the merchant's order id.
 */
export const CheckoutViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.string(),
    paidAmount: z.string(),
    dueAmount: z.string(),
    currency: z.literal('USDT'),
    network: z.literal('TON'),
    memo: z.string().meta({ description: 'The transfer comment the customer must include' }),
    address: z.string(),
    description: z.string().nullable(),
    links: z.object({ ton: z.string(), tonkeeper: z.string() }),
    expiresAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    serverTime: z.iso.datetime().meta({ description: "The service's clock, so the countdown ignores a wrong device clock" }),
  })
  .meta({ id: 'CheckoutStatus' });
export type CheckoutView = z.infer<typeof CheckoutViewSchema>;

export function toCheckoutView(p: PublicPayment, nowMs: number): CheckoutView {
  return {
    id: p.id, status: p.status, amount: p.amount, paidAmount: p.paidAmount, dueAmount: p.dueAmount,
    currency: p.currency, network: p.mainCurrency, memo: p.memo, address: p.address, description: p.description,
    links: { ton: p.links.ton, tonkeeper: p.links.tonkeeper },
    expiresAt: p.expiresAt, paidAt: p.paidAt, serverTime: new Date(nowMs).toISOString(),
  };
}

/** Event payloads are public payment records; anything else on the bus is not ours to forward. */
export function isPublicPayment(data: unknown, paymentId: string): data is PublicPayment {
  const d = data as Partial<PublicPayment> | null;
  return !!d && typeof d === 'object' && d.id === paymentId && typeof d.status === 'string' && typeof d.links === 'object';
}
