/**
 * Crediting a transfer to a payment is final once made: it can complete the payment, which sends the
 * merchant's `payment.paid` webhook (and the shop ships). So unlike a dismissal (which moves no money
 * and is undone on the server), a credit is held here for a few seconds before its request is sent,
 * and only that wait can be undone.
 */
export const CREDIT_UNDO_MS = 5_000;

export interface PendingCredit {
  txHash: string;
  paymentId: string;
  note: string;
  /** epoch ms when the request is sent */
  sendsAt: number;
}

/** Timers of credits waiting out their undo window, by transfer. */
export class CreditTimers {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  start(txHash: string, send: () => void): void {
    this.cancel(txHash);
    this.timers.set(
      txHash,
      setTimeout(() => {
        this.timers.delete(txHash);
        send();
      }, CREDIT_UNDO_MS),
    );
  }

  /** true when the credit was still waiting, so nothing was sent */
  cancel(txHash: string): boolean {
    const timer = this.timers.get(txHash);
    if (timer === undefined) return false;
    clearTimeout(timer);
    this.timers.delete(txHash);
    return true;
  }
}
