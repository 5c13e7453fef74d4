// notificationFor: which events make a desktop notification, what it says, where a click goes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESKTOP_PREFERENCES } from '../../contract/desktop';
import { backupNoticeFor, notificationFor } from '../../main/app/notifications';

const ALL_ON = DEFAULT_DESKTOP_PREFERENCES.notifications;
const payment = {
  id: 'pay_0123456789abcdefghijkl',
  amount: '10.00',
  paidAmount: '10.00',
  dueAmount: '0.00',
  externalId: 'A-17',
  description: 'Latte',
  memo: 'TT-SECRETISH',
  customer: { email: 'ann@example.com' },
  callbackUrl: 'https://shop.example/cb?token=abc',
};
const event = (type: string, data: unknown = payment) => ({ type, paymentId: payment.id, data });

describe('notificationFor', () => {
  it("paid: the amount received and the shop's reference; a click opens the payment", () => {
    expect(notificationFor(event('payment.paid'), ALL_ON)).toEqual({
      title: 'Paid: 10.00 USDT',
      body: 'Order A-17 · Latte',
      target: `payment/${payment.id}`,
    });
  });

  it('partially paid, on time or late: what came in, of what, and what is still due', () => {
    const partial = { ...payment, paidAmount: '4.00', dueAmount: '6.00' };
    expect(notificationFor(event('payment.partially_paid', partial), ALL_ON)).toEqual({
      title: 'Partly paid: 4.00 of 10.00 USDT',
      body: 'Order A-17 · Latte\n6.00 USDT still due',
      target: `payment/${payment.id}`,
    });
    expect(notificationFor(event('payment.late_partially_paid', partial), ALL_ON)?.title).toBe(
      'Late partial payment: 4.00 of 10.00 USDT',
    );
  });

  it('falls back to the payment id when the shop gave no reference, and clips a long one', () => {
    expect(
      notificationFor(event('payment.paid', { ...payment, externalId: null, description: null }), ALL_ON)?.body,
    ).toBe(`Payment ${payment.id}`);
    const body = notificationFor(
      event('payment.paid', { ...payment, externalId: null, description: 'x'.repeat(500) }),
      ALL_ON,
    )!.body;
    expect(body).toHaveLength(80);
    expect(body.endsWith('…')).toBe(true);
  });

  it('an unmatched transfer: its amount; a click opens the inbox', () => {
    const transfer = { txHash: 'a'.repeat(64), amount: '5.00', comment: 'call me at +1 555', from: 'EQx' };
    expect(notificationFor({ type: 'transfer.unmatched', paymentId: null, data: transfer }, ALL_ON)).toEqual({
      title: 'Unmatched transfer: 5.00 USDT',
      body: expect.stringContaining('inbox'),
      target: 'unmatched',
    });
  });

  it('never shows the memo, the customer or the callback URL', () => {
    for (const type of ['payment.paid', 'payment.partially_paid']) {
      const text = JSON.stringify(notificationFor(event(type), ALL_ON));
      for (const secret of ['TT-SECRETISH', 'ann@example.com', 'token=abc']) expect(text).not.toContain(secret);
    }
  });

  it('each type can be turned off on its own', () => {
    const off = (key: keyof typeof ALL_ON) => ({ ...ALL_ON, [key]: false });
    expect(notificationFor(event('payment.paid'), off('paid'))).toBeNull();
    expect(notificationFor(event('payment.paid'), off('partiallyPaid'))).not.toBeNull();
    expect(notificationFor(event('payment.partially_paid'), off('partiallyPaid'))).toBeNull();
    expect(notificationFor(event('payment.late_partially_paid'), off('partiallyPaid'))).toBeNull();
    expect(
      notificationFor({ type: 'transfer.unmatched', paymentId: null, data: { amount: '1.00' } }, off('unmatched')),
    ).toBeNull();
  });

  it('other events and malformed records make none', () => {
    for (const type of [
      'payment.created',
      'payment.expired',
      'payment.overpaid',
      'transfer.attached',
      'webhook.test',
    ]) {
      expect(notificationFor(event(type), ALL_ON), type).toBeNull();
    }
    expect(notificationFor(event('payment.paid', { id: 'x' }), ALL_ON)).toBeNull();
    expect(notificationFor({ type: 'transfer.unmatched', paymentId: null, data: null }, ALL_ON)).toBeNull();
  });
});

describe('backupNoticeFor', () => {
  const failed = {
    ok: false as const,
    at: '2026-11-23T10:00:00.000Z',
    message: "EACCES: permission denied, mkdir '/mnt/usb/tontill'",
  };
  const succeeded = { ok: true as const, at: '2026-11-23T10:00:00.000Z', file: '/backups/tontill-x.db', bytes: 4096 };

  it('a failed backup says what failed and opens Settings', () => {
    expect(backupNoticeFor(failed, DEFAULT_DESKTOP_PREFERENCES.notifications)).toEqual({
      title: 'Backup failed',
      body: "EACCES: permission denied, mkdir '/mnt/usb/tontill'\nTonTill tries again in an hour. Check the backup folder in Settings.",
      target: 'settings',
    });
  });

  it('a successful backup is not worth a notification', () => {
    expect(backupNoticeFor(succeeded, DEFAULT_DESKTOP_PREFERENCES.notifications)).toBeNull();
  });

  it('the owner can turn backup failures off', () => {
    expect(backupNoticeFor(failed, { ...DEFAULT_DESKTOP_PREFERENCES.notifications, backupFailed: false })).toBeNull();
  });
});
