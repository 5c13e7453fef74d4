// The inbox's "Attach to payment" field finds a payment by any part of its order reference, memo or id,
// in any case, lets the merchant choose it, and says plainly when nothing matches. A credit (from the
// field or a suggestion) waits a few seconds before it is sent, and can be undone only in that wait.
import { expect as pw } from 'playwright/test';
import { describe, expect, it } from 'vitest';
import { useSignedInConsole } from './console-harness';

describe('attaching an unmatched transfer by order reference, in Chromium', () => {
  const signedIn = useSignedInConsole();

  const invoice = async (amount: string, extra: Record<string, unknown> = {}) =>
    (
      await signedIn.service.server.services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount,
        ...extra,
      })
    ).payment;
  /** A customer pays the amount but forgets the memo: the transfer lands in the inbox. */
  const strayTransfer = async (paymentId: string): Promise<string> => {
    const { server } = signedIn.service;
    const { txHashes } = await server.simulator!.pay({ paymentId, case: 'no-comment' });
    const inbox = await server.services.ledger.listUnmatched();
    return inbox.find((t) => txHashes.includes(t.txHash))!.txHash;
  };
  const openInbox = async () => {
    await signedIn.page.evaluate(() => {
      location.hash = '#/dashboard';
    });
    await signedIn.page.evaluate(() => {
      location.hash = '#/unmatched';
    });
  };
  const card = (txHash: string) => signedIn.page.locator(`[data-testid="unmatched-transfer"][data-tx="${txHash}"]`);

  it('finds the payment by part of its reference in any case, offers it to choose, and credits it', async () => {
    const payment = await invoice('4.20', { externalId: 'SHOP-Order-9931' });
    await invoice('9.99', { externalId: 'shop-order-1000' });
    const tx = await strayTransfer(payment.id);
    await openInbox();
    const field = card(tx).getByLabel('Attach to payment');
    await field.fill('order-99');
    const match = card(tx).getByTestId('attach-match');
    await pw(match).toHaveCount(1, { timeout: 15_000 });
    await pw(match).toContainText(payment.id);
    await pw(match).toContainText('SHOP-Order-9931');
    await match.getByRole('button', { name: 'Choose' }).click();
    await card(tx).getByRole('button', { name: 'Attach', exact: true }).click();
    await pw(card(tx).getByTestId('pending-credit')).toContainText(payment.id);
    await pw(signedIn.page.getByText(`Attached to ${payment.id}: now paid`)).toBeVisible({ timeout: 15_000 });
    expect((await signedIn.service.server.services.payments.get(payment.id)).status).toBe('paid');
  });

  it('says plainly what was not found', async () => {
    const payment = await invoice('4.30');
    const tx = await strayTransfer(payment.id);
    await openInbox();
    const field = card(tx).getByLabel('Attach to payment');
    await field.fill('xyz-no-such');
    await pw(card(tx).getByText('No payment with reference or id containing ‘xyz-no-such’')).toBeVisible({
      timeout: 15_000,
    });
    await pw(field).toHaveAttribute('aria-invalid', 'true');
    await pw(card(tx).getByRole('button', { name: 'Attach', exact: true })).toBeDisabled();
  });

  it('holds a credit before sending it, and Undo in that wait sends nothing', async () => {
    const payment = await invoice('4.40', { externalId: 'undo-me-44' });
    const tx = await strayTransfer(payment.id);
    await openInbox();
    await card(tx)
      .getByRole('button', { name: `Credit this transfer to ${payment.id}` })
      .click();
    const pending = card(tx).getByTestId('pending-credit');
    await pw(pending).toContainText('Once sent it is final');
    await pending.getByRole('button', { name: 'Undo' }).click();
    await pw(signedIn.page.getByText('Credit undone: nothing was sent')).toBeVisible();
    await pw(pending).toHaveCount(0);
    expect((await signedIn.service.server.services.payments.get(payment.id)).status).toBe('pending');
    // Credit it again through the field, with a note of its own: had the undone credit been sent, it
    // would have landed first and this one would be refused (the transfer already decided).
    await card(tx).getByLabel('Attach to payment').fill('undo-me');
    await card(tx).getByTestId('attach-match').getByRole('button', { name: 'Choose' }).click();
    await card(tx).getByLabel('Note').fill('the second try');
    await card(tx).getByRole('button', { name: 'Attach', exact: true }).click();
    await pw(signedIn.page.getByText(`Attached to ${payment.id}: now paid`)).toBeVisible({ timeout: 15_000 });
    const decisions = await signedIn.service.server.services.ledger.history('attached', 50);
    expect(decisions.filter((d) => d.decision.txHash === tx).map((d) => d.decision.note)).toEqual(['the second try']);
  });
});
