import type { BackupOutcome } from '../../contract/backups';
import { UnmatchedTransferSchema } from '../../contract/chain';
import type { DesktopNotificationPrefs } from '../../contract/desktop';
import { PaymentSchema } from '../../contract/payments';
import type { ServiceEvent } from '../service/service-port';

/** What a desktop notification says, and the console route a click opens (`#/<target>`). */
export interface DesktopNotice {
  title: string;
  body: string;
  target: string;
}

/** Only what a cashier reads: amounts and the shop's own reference, never the customer or a memo. */
const PaymentFacts = PaymentSchema.pick({
  id: true,
  amount: true,
  paidAmount: true,
  dueAmount: true,
  externalId: true,
  description: true,
});
const TransferFacts = UnmatchedTransferSchema.pick({ amount: true });

const MAX_REFERENCE = 80;
const clip = (text: string) => (text.length > MAX_REFERENCE ? `${text.slice(0, MAX_REFERENCE - 1)}…` : text);

/** "Order 1234 · Two coffees", whichever of the two the shop gave. */
function referenceOf(payment: { id: string; externalId: string | null; description: string | null }): string {
  const parts = [
    payment.externalId && `Order ${clip(payment.externalId)}`,
    payment.description && clip(payment.description),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : `Payment ${payment.id}`;
}

function paymentNotice(event: ServiceEvent, late: boolean): DesktopNotice | null {
  const parsed = PaymentFacts.safeParse(event.data);
  if (!parsed.success) return null;
  const p = parsed.data;
  const target = `payment/${p.id}`;
  if (event.type === 'payment.paid') {
    return { title: `Paid: ${p.paidAmount} USDT`, body: referenceOf(p), target };
  }
  return {
    title: `${late ? 'Late partial payment' : 'Partly paid'}: ${p.paidAmount} of ${p.amount} USDT`,
    body: `${referenceOf(p)}\n${p.dueAmount} USDT still due`,
    target,
  };
}

/**
 * The notification an event deserves under the owner's preferences, or null. Pure: the caller
 * shows it (main/app/desktop-notifier.ts).
 */
export function notificationFor(event: ServiceEvent, prefs: DesktopNotificationPrefs): DesktopNotice | null {
  switch (event.type) {
    case 'payment.paid':
      return prefs.paid ? paymentNotice(event, false) : null;
    case 'payment.partially_paid':
    case 'payment.late_partially_paid':
      return prefs.partiallyPaid ? paymentNotice(event, event.type === 'payment.late_partially_paid') : null;
    case 'transfer.unmatched': {
      const parsed = TransferFacts.safeParse(event.data);
      if (!prefs.unmatched || !parsed.success) return null;
      return {
        title: `Unmatched transfer: ${parsed.data.amount} USDT`,
        body: 'It matches no payment. Open the inbox to attach it to one or dismiss it.',
        target: 'unmatched',
      };
    }
    default:
      return null;
  }
}

/** A failed backup, when the owner wants to hear of it; a click opens Settings, where Backups is. */
export function backupNoticeFor(outcome: BackupOutcome, prefs: DesktopNotificationPrefs): DesktopNotice | null {
  if (outcome.ok || !prefs.backupFailed) return null;
  return {
    title: 'Backup failed',
    body: `${clip(outcome.message)}\nTonTill tries again in an hour. Check the backup folder in Settings.`,
    target: 'settings',
  };
}
