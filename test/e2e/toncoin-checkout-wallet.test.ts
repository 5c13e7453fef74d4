import { Address, Cell } from '@ton/core';
import type { Browser, BrowserContext, Page } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeposit, launchChromium, startService, type Service } from './e2e-helpers';
import { injectWallet, SigningWallet } from './checkout-wallet-injected';

/** "Pay with wallet" on the hosted page of a Toncoin payment: one plain transfer, signed by an injected wallet on the sandbox chain. */
describe('checkout: Pay with wallet for a Toncoin payment (TON Connect, injected wallet), in Chromium', () => {
  let service: Service;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let wallet: SigningWallet;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startService(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('sends the nanotons due straight to the store wallet with the memo as a comment: paid, credited once', async () => {
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(0);
    page = await context.newPage();
    wallet = await SigningWallet.payerOf(service);
    await injectWallet(page, wallet, { network: '-3', walletBrowser: false });
    const deposit = await createDeposit(service, { currency: 'TON', amount: '0.80' });
    await page.goto(deposit.url);
    await page.getByRole('button', { name: 'Pay 0.80 TON with wallet' }).click();
    await page.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });

    expect(wallet.requests).toHaveLength(1);
    const [message] = wallet.requests[0]!.messages;
    expect(wallet.requests[0]!.messages).toHaveLength(1);
    expect(Address.parse(message!.address).equals(service.server.chain.sandbox!.merchantAddress)).toBe(true);
    expect(message!.amount).toBe('800000000');
    const body = Cell.fromBase64(message!.payload!).beginParse();
    expect(body.loadUint(32)).toBe(0);
    expect(body.loadStringTail()).toBe(deposit.memo);
    const view = await service.server.services.payments.view(deposit.id);
    expect(view).toMatchObject({ status: 'paid', currency: 'TON', paidAmount: '0.80' });
    expect(view.transfers).toHaveLength(1);
  });
});
