import { rawAddress } from '../chain/transfer-messages';
import { DomainError, DomainErrorKind, invalidInput, invalidTransition } from '../domain/errors';
import type { Payment } from '../storage/records';
import type { TonConnectNetwork } from '../../contract/wallet-connect';

/** What a person calls each TON Connect network in the refusal. */
const NETWORK_NAME: Record<TonConnectNetwork, string> = { '-239': 'mainnet', '-3': 'testnet' };

/**
 * What a wallet may still be asked to pay, in base units: the rest after part payments. A paid,
 * expired or cancelled payment, or one past its expiry that the sweep has not marked yet, asks for
 * nothing: a request signed now would land as a late payment the merchant must refund.
 */
export function dueForWalletRequest(payment: Payment, nowMs: number): bigint {
  if (payment.status !== 'pending' && payment.status !== 'partially_paid')
    throw invalidTransition(`payment is ${payment.status}; there is nothing left to pay`);
  if (payment.expiresAt <= nowMs) throw invalidTransition('payment is expired; there is nothing left to pay');
  const due = payment.amount - payment.paidAmount;
  if (due <= 0n) throw invalidTransition('nothing is due on this payment');
  return due;
}

/** The connected wallet's address as it reported it, raw (`0:…`) or user-friendly, in raw form; else a 400 naming `field`. */
export function payerAddress(text: string, field = 'payer'): string {
  try {
    return rawAddress(text);
  } catch {
    throw invalidInput(field, 'must be a TON address, raw (0:…) or user-friendly');
  }
}

/** A wallet on the other network would sign a transfer nobody here ever sees: refuse it and say which is which. */
export function checkWalletNetwork(wallet: TonConnectNetwork, store: TonConnectNetwork): void {
  if (wallet === store) return;
  throw new DomainError(
    DomainErrorKind.invalidInput,
    `This wallet is on ${NETWORK_NAME[wallet]}; this store takes payments on ${NETWORK_NAME[store]}`,
    'network',
  );
}
