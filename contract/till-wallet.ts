import { z } from 'zod';

/**
 * "Pay with wallet" at the till (issue 30): the service holds the app's side of a TON Connect session
 * for one till payment, and the till shows its link as a QR and follows its state.
 */

/**
 * Where the session stands. waiting_for_wallet: the link waits to be scanned; connected: a wallet
 * connected and the request for it is being built; awaiting_approval: the complete transfer was sent
 * to the wallet; approved: the wallet signed and sent it (the watcher still decides "paid"); refused:
 * the person declined (the connection or the transfer); timed_out: the wallet neither signed nor
 * declined by the request's validUntil; expired: the payment expired while the session was open (the
 * wallet was disconnected); ended: the service restarted, which ended the session (start again);
 * failed: anything else, with the reason (a wallet on the other network, the chain unreadable).
 */
export const TILL_WALLET_STATES = [
  'waiting_for_wallet',
  'connected',
  'awaiting_approval',
  'approved',
  'refused',
  'timed_out',
  'expired',
  'ended',
  'failed',
] as const;
export type TillWalletState = (typeof TILL_WALLET_STATES)[number];

export const TillWalletSessionSchema = z
  .object({
    state: z.enum(TILL_WALLET_STATES),
    link: z
      .string()
      .meta({ description: 'The TON Connect universal link to show as a QR; empty once the session has ended' }),
    wallet: z
      .object({
        name: z.string().meta({ description: "The wallet app's name, as its wallets-list entry gives it" }),
        address: z.string().meta({ description: 'The connected account, user-friendly and non-bounceable (UQ…)' }),
      })
      .nullable(),
    reason: z.string().nullable().meta({ description: 'Why the session failed, in words; null otherwise' }),
  })
  .meta({ id: 'TillWalletSession' });
export type TillWalletSession = z.infer<typeof TillWalletSessionSchema>;

/** States after which nothing more happens in the session: the till offers to try again (but approved). */
export const isTillWalletSettled = (state: TillWalletState): boolean =>
  state !== 'waiting_for_wallet' && state !== 'connected' && state !== 'awaiting_approval';
