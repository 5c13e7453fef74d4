import { Address } from '@ton/core';
import type { Locator, Page } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { JettonOp } from '../../server/chain/jetton-ops';
import { sandboxWallets } from '../../server/sandbox/sandbox-identity';
import { decodeJettonTransfer, Gate, injectWallet, SigningWallet } from '../e2e/checkout-wallet-injected';
import { useSignedInConsole } from './console-harness';
import { shootConsole } from './console-shots';

const SHOTS = '/tmp/shots-tc-refund';

const shots = (page: Page, name: string, subject: Locator) => shootConsole(page, SHOTS, name, subject);

/** A waiting refund's "Send with my wallet": the store's wallet, injected in Chromium, signs and sends it on the sandbox chain. */
describe('Send with my wallet on a waiting refund, in Chromium', () => {
  const signedIn = useSignedInConsole();
  let page: Page;
  let wallet: SigningWallet;

  beforeAll(async () => {
    page = signedIn.page;
    page.context().setDefaultTimeout(0);
    await signedIn.service.server.app.runtime!.ready();
    wallet = SigningWallet.merchantOf(signedIn.service.server.chain.sandbox!);
    await injectWallet(page, wallet);
  });

  const visible = (where: Locator, text: string) =>
    playwrightExpect(where.getByText(text, { exact: true })).toBeVisible({ timeout: 0 });

  /** A payment of `amount` USDT, paid by the sandbox payer, open in the console (reloaded, so the wallet is in the page). */
  const paidPayment = async (amount: string) => {
    const { server } = signedIn.service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
    });
    await server.simulator!.pay({ paymentId: payment.id });
    await page.goto(`${signedIn.service.url}/console/#/payment/${payment.id}`);
    await page.reload();
    return payment;
  };

  /** The one request the wallet got, checked field by field against the refund. */
  const expectRefundRequest = (
    index: number,
    refund: { amountBaseUnits: string; destination: string; memo: string },
  ) => {
    const { sandbox } = signedIn.service.server.chain;
    const request = wallet.requests[index]!;
    expect(request.network).toBe('-3');
    expect(request.from).toBe(wallet.address.toRawString());
    expect(request.messages).toHaveLength(1);
    const [message] = request.messages;
    expect(Address.parse(message!.address).equals(sandbox!.merchantJettonWallet)).toBe(true);
    expect(message!.amount).toBe('50000000');
    const transfer = decodeJettonTransfer(message!.payload!);
    expect(transfer.op).toBe(JettonOp.transfer);
    expect(transfer.amount).toBe(BigInt(refund.amountBaseUnits));
    expect(transfer.destination?.equals(Address.parse(refund.destination))).toBe(true);
    expect(transfer.responseDestination?.equals(wallet.address)).toBe(true);
    expect(transfer.forwardTonAmount).toBe(1n);
    expect(transfer.comment).toBe(refund.memo);
  };

  /** The refund as the ledger holds it, and its payment's timeline: sent exactly once. */
  const expectSentOnce = async (paymentId: string) => {
    const { services } = signedIn.service.server;
    const [refund] = await services.refunds.list(paymentId);
    expect(refund).toMatchObject({ status: 'sent' });
    expect(refund!.txHash).not.toBeNull();
    const sent = (await services.payments.timeline(paymentId)).filter((e) => e.type === 'refund.sent');
    expect(sent).toHaveLength(1);
    return refund!;
  };

  let paymentId = '';

  it('offers Send with my wallet beside the QR and the Tonkeeper link; lists the wallets, the injected one first; a remote one gets a QR', async () => {
    paymentId = (await paidPayment('5.00')).id;
    const panel = page.getByTestId('refunds');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await panel.getByRole('button', { name: 'Prepare refund' }).click();
    const awaiting = panel.getByTestId('refund-awaiting');
    // the QR and the Tonkeeper link stay as the fallback
    await playwrightExpect(awaiting.getByRole('img', { name: 'QR code to send the refund of 5.00 USDT' })).toBeVisible({
      timeout: 0,
    });
    await playwrightExpect(awaiting.getByRole('link', { name: 'Open in Tonkeeper' })).toBeVisible({ timeout: 0 });
    await shots(page, 'refund-awaiting', awaiting);

    await awaiting.getByRole('button', { name: 'Send with my wallet' }).click();
    const send = awaiting.getByTestId('refund-wallet');
    await send.getByRole('button', { name: /Tonkeeper · in this browser/ }).waitFor();
    // the injected wallet first, as Settings lists them
    expect(await send.getByRole('list', { name: 'Wallets' }).getByRole('button').first().textContent()).toMatch(
      /^Tonkeeper/,
    );
    await shots(page, 'refund-choose', awaiting);

    // a remote wallet gets a QR of its universal link, as in Settings (the sandbox wallet's bridge is the service's own)
    await send.getByRole('button', { name: 'Sandbox wallet' }).click();
    await playwrightExpect(send.getByRole('img', { name: 'Connect Sandbox wallet' })).toBeVisible({ timeout: 0 });
    await shots(page, 'refund-remote-qr', awaiting);
    await send.getByRole('button', { name: 'Cancel' }).click();
    await playwrightExpect(send).toHaveCount(0, { timeout: 0 });
    expect(wallet.requests).toHaveLength(0);
  });

  it('connects the injected wallet, which confirms and sends it: Sent, then the refund shows sent, once in the ledger', async () => {
    const panel = page.getByTestId('refunds');
    const awaiting = panel.getByTestId('refund-awaiting');
    const send = awaiting.getByTestId('refund-wallet');
    await awaiting.getByRole('button', { name: 'Send with my wallet' }).click();
    wallet.beforeAnswer = new Gate();
    wallet.beforeChain = new Gate();
    await send.getByRole('button', { name: /Tonkeeper · in this browser/ }).click();
    await visible(send, 'Confirm in your wallet');
    await shots(page, 'refund-confirm', awaiting);
    wallet.beforeAnswer.release();
    await visible(send, 'Sent — waiting for the network');
    await shots(page, 'refund-sent-waiting', awaiting);
    wallet.beforeChain.release();
    await wallet.lastSend;

    await playwrightExpect(panel.getByTestId('refund-row').first()).toContainText('Sent', { timeout: 0 });
    await playwrightExpect(awaiting).toHaveCount(0, { timeout: 0 });
    await shots(page, 'refund-sent', panel);
    expect(wallet.requests).toHaveLength(1);
    const refund = await expectSentOnce(paymentId);
    expectRefundRequest(0, refund);
    expect(signedIn.ui.errors).toEqual([]);
  });

  it('says when the wallet declines; Try again asks it again, and it sends', async () => {
    wallet.beforeAnswer = null;
    wallet.beforeChain = null;
    const payment = await paidPayment('3.00');
    const refund = await signedIn.service.server.services.refunds.create(payment.id, { amount: '1.25' }, 'owner');
    const awaiting = page.getByTestId('refund-awaiting');
    const send = awaiting.getByTestId('refund-wallet');
    await awaiting.getByRole('button', { name: 'Send with my wallet' }).click();
    const asked = wallet.requests.length;
    wallet.answers.push('reject');
    await send.getByRole('button', { name: /Tonkeeper · in this browser/ }).click();
    await visible(send, 'Declined in the wallet');
    await shots(page, 'refund-declined', awaiting);
    expect(await signedIn.service.server.services.refunds.list(payment.id)).toMatchObject([
      { id: refund.id, status: 'awaiting_signature' },
    ]);

    await send.getByRole('button', { name: 'Try again' }).click();
    await playwrightExpect(page.getByTestId('refund-row').first()).toContainText('Sent', { timeout: 0 });
    expect(wallet.requests).toHaveLength(asked + 2);
    expectRefundRequest(asked + 1, refund);
    await expectSentOnce(payment.id);
    expect(signedIn.ui.errors).toEqual([]);
  });

  it("refuses another wallet, naming the store's wallet to connect; the refund stays waiting", async () => {
    const { service } = signedIn;
    const payment = await paidPayment('2.00');
    const refund = await service.server.services.refunds.create(payment.id, { amount: '0.50' }, 'owner');
    // another browser of the merchant's, where a wallet other than the store's is the one installed
    const context = await signedIn.ui.browser.newContext({ viewport: { width: 1360, height: 860 } });
    context.setDefaultTimeout(0);
    try {
      const other = await context.newPage();
      const stranger = SigningWallet.merchantOf(
        service.server.chain.sandbox!,
        sandboxWallets('not-the-store').merchant,
      );
      await injectWallet(other, stranger);
      await other.goto(await service.loginUrl());
      await other.waitForURL(/\/console\/(#.*)?$/);
      await other.goto(`${service.url}/console/#/payment/${payment.id}`);
      const awaiting = other.getByTestId('refund-awaiting');
      await awaiting.getByRole('button', { name: 'Send with my wallet' }).click();
      const send = awaiting.getByTestId('refund-wallet');
      await send.getByRole('button', { name: /Tonkeeper · in this browser/ }).click();
      const refusal = send.getByRole('alert');
      await playwrightExpect(refusal).toContainText("Connected wallet is not the store's wallet: connect", {
        timeout: 0,
      });
      await playwrightExpect(refusal.locator('code')).toHaveText(service.server.app.runtime!.info.merchantAddress, {
        timeout: 0,
      });
      await shots(other, 'refund-wrong-wallet', awaiting);
      expect(stranger.requests).toEqual([]);
      expect(await service.server.services.refunds.list(payment.id)).toMatchObject([
        { id: refund.id, status: 'awaiting_signature' },
      ]);
    } finally {
      await context.close();
    }
  });
});
