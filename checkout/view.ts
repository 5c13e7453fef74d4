/** What the checkout knows about a payment: the public status endpoint's body (server/checkout/checkout-view.ts). */
export type Status = 'pending' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';

export interface CheckoutView {
  id: string;
  status: Status;
  amount: string;
  paidAmount: string;
  dueAmount: string;
  currency: 'USDT';
  network: 'TON';
  memo: string;
  address: string;
  description: string | null;
  links: { ton: string; tonkeeper: string };
  expiresAt: string;
  paidAt: string | null;
  serverTime: string;
}

export interface PageConfig {
  mode: 'hpp' | 'epp';
  /** EPP: the exact origin of the embedding page, validated by the server against the signature */
  parentOrigin: string | null;
  /** EPP in sandbox mode without any origin list: every page may frame it */
  anyOrigin: boolean;
  sandbox: boolean;
  successUrl: string | null;
  failUrl: string | null;
}

export const isOpen = (s: Status): boolean => s === 'pending' || s === 'partially_paid';
