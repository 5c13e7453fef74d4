import type { ChainMode } from './chain';

/** What a block-explorer page shows: one transaction, or one account (a wallet, a jetton master). */
export type ExplorerKind = 'transaction' | 'address';

/**
 * The public block-explorer page (tonviewer) of a transaction or an address on the network the store
 * runs on; null in sandbox, whose chain exists only on this machine and so has no explorer. The
 * value is URL-encoded: it comes from a chain provider, and a link must never become another URL.
 */
export function explorerLink(network: ChainMode, kind: ExplorerKind, hashOrAddress: string): string | null {
  const value = hashOrAddress.trim();
  if (network === 'sandbox' || !value) return null;
  const host = network === 'testnet' ? 'testnet.tonviewer.com' : 'tonviewer.com';
  const path = kind === 'transaction' ? `transaction/${encodeURIComponent(value)}` : encodeURIComponent(value);
  return `https://${host}/${path}`;
}
