import { describe, expect, it } from 'vitest';
import { canOpen, ROUTES } from '../../renderer/routes';

/** Which hash targets a link may offer to whom: the rule RouteLink and the router share. */
describe('canOpen', () => {
  const ownerOnly = ['close-day', 'unmatched', 'simulator', 'webhooks', 'widget', 'audit', 'settings'];

  it('opens every screen to the owner', () => {
    for (const { route } of ROUTES) expect(canOpen(route, 'owner')).toBe(true);
  });

  it("refuses a cashier the owner's screens, however the target is written", () => {
    for (const route of ownerOnly) {
      expect(canOpen(route, 'cashier')).toBe(false);
      expect(canOpen(`#/${route}`, 'cashier')).toBe(false);
    }
    expect(canOpen('simulator/pay_123', 'cashier')).toBe(false);
    expect(canOpen('#/close-day/2026-11-27', 'cashier')).toBe(false);
    expect(canOpen('settings?section=backups', 'cashier')).toBe(false);
  });

  it("opens a cashier's screens, and unknown targets (the dashboard's) to a cashier", () => {
    for (const route of ['dashboard', 'invoice', 'payments', 'payment/pay_1', '#/payments', 'no-such-screen'])
      expect(canOpen(route, 'cashier')).toBe(true);
  });

  it('offers only what a cashier may open until the session answers', () => {
    expect(canOpen('payments', null)).toBe(true);
    expect(canOpen('settings', null)).toBe(false);
  });
});
