import { Address, beginCell } from '@ton/core';
import type { Browser, BrowserContext, Page } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JettonOp } from '../../server/chain/jetton-ops';
import { createDeposit, launchChromium, startService, type Service } from './e2e-helpers';
import { decodeJettonTransfer, Gate, injectWallet, SigningWallet } from './checkout-wallet-injected';

/** "Pay with wallet" on the hosted page: TON Connect through an injected wallet that signs on the sandbox chain. */
describe('checkout: Pay with wallet (TON Connect, injected wallet), in Chromium', () => {
  let service: Service;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let wallet: SigningWallet;
  /** every URL the page asked for, to prove it reached no one but the service */
  let requested: string[];

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

  const open = async (network: string | null = '-3', walletBrowser = false) => {
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(0);
    page = await context.newPage();
    requested = [];
    page.on('request', (r) => requested.push(r.url()));
    wallet = await SigningWallet.payerOf(service);
    if (network) await injectWallet(page, wallet, { network, walletBrowser });
  };
  const visible = (text: string) => playwrightExpect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 0 });

  /** The payer's own USDT jetton wallet, as the jetton master answers on chain. */
  const payerJettonWallet = async (): Promise<Address> => {
    const sandbox = service.server.chain.sandbox!;
    const owner = beginCell().storeAddress(wallet.address).endCell();
    const stack = await sandbox
      .source()
      .runGetMethod(sandbox.jettonMaster, 'get_wallet_address', [{ type: 'slice', cell: owner }]);
    return stack.readAddress();
  };

  /** The one request the wallet got, checked field by field against the payment. */
  const expectTransferRequest = async (index: number, amount: bigint, memo: string) => {
    const request = wallet.requests[index]!;
    expect(request.network).toBe('-3');
    expect(request.from).toBe(wallet.address.toRawString());
    expect(request.messages).toHaveLength(1);
    const [message] = request.messages;
    expect(Address.parse(message!.address).equals(await payerJettonWallet())).toBe(true);
    const transfer = decodeJettonTransfer(message!.payload!);
    expect(transfer.op).toBe(JettonOp.transfer);
    expect(transfer.amount).toBe(amount);
    expect(transfer.destination?.equals(service.server.chain.sandbox!.merchantAddress)).toBe(true);
    expect(transfer.responseDestination?.equals(wallet.address)).toBe(true);
    expect(transfer.forwardTonAmount).toBeGreaterThanOrEqual(1n);
    expect(transfer.comment).toBe(memo);
  };

  const choose = async (label: RegExp) => {
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
  };

  it('pays what is due through the injected wallet: sent, then paid, credited once, and nothing but the service asked', async () => {
    await open();
    const deposit = await createDeposit(service, { amount: '7.25' });
    await page.goto(deposit.url);
    await page.getByRole('button', { name: 'Pay 7.25 USDT with wallet' }).click();
    // The list is the service's; the injected one is marked as being in this browser.
    await visible('in this browser');
    await page.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });
    await expectTransferRequest(0, 7_250_000n, deposit.memo);
    expect(wallet.requests).toHaveLength(1);
    const view = await service.server.services.payments.view(deposit.id);
    expect(view.transfers).toHaveLength(1);
    expect(view.status).toBe('paid');
    const origins = new Set(requested.map((url) => new URL(url).origin));
    expect([...origins]).toEqual([new URL(service.url).origin]);
  });

  it('shows "Sent — waiting for the network" once the wallet answers, until the watcher credits it', async () => {
    await open();
    const deposit = await createDeposit(service, { amount: '3.00' });
    await page.goto(deposit.url);
    wallet.beforeChain = new Gate();
    await choose(/^Pay 3\.00 USDT with wallet$/);
    await visible('Sent — waiting for the network');
    // The fallback stays: the QR and the copy fields are still there.
    await playwrightExpect(page.locator('svg.qr')).toBeVisible({ timeout: 0 });
    await playwrightExpect(page.locator('[data-field="memo"]')).toHaveText(deposit.memo, { timeout: 0 });
    wallet.beforeChain.release();
    await wallet.lastSend;
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });
  });

  it('after a part payment the wallet is asked for the rest only', async () => {
    await open();
    const deposit = await createDeposit(service, { amount: '7.25' });
    await page.goto(deposit.url);
    await service.server.simulator!.pay({ paymentId: deposit.id, amount: '2.25' });
    await choose(/^Pay 5\.00 USDT with wallet$/);
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });
    await expectTransferRequest(0, 5_000_000n, deposit.memo);
    expect((await service.server.services.payments.view(deposit.id)).transfers).toHaveLength(2);
  });

  it("inside a wallet's own browser the button connects to that wallet at once, with no list to choose from", async () => {
    await open('-3', true);
    const deposit = await createDeposit(service, { amount: '1.50' });
    await page.goto(deposit.url);
    // One tap: nobody picks a wallet here, so reaching paid proves no list was put in the way.
    await page.getByRole('button', { name: 'Pay 1.50 USDT with wallet' }).click();
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });
    await expectTransferRequest(0, 1_500_000n, deposit.memo);
  });

  it('a rejection in the wallet says so and offers Try again, which then pays', async () => {
    await open();
    const deposit = await createDeposit(service, { amount: '4.00' });
    await page.goto(deposit.url);
    wallet.answers.push('reject');
    await choose(/^Pay 4\.00 USDT with wallet$/);
    await visible('You declined in the wallet — try again');
    await playwrightExpect(page.locator('svg.qr')).toBeVisible({ timeout: 0 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });
    expect(wallet.requests).toHaveLength(2);
    expect((await service.server.services.payments.view(deposit.id)).transfers).toHaveLength(1);
  });

  it('a wallet on another network is told so, and nothing is asked of it', async () => {
    await open('-239');
    const deposit = await createDeposit(service, { amount: '1.00' });
    await page.goto(deposit.url);
    await choose(/^Pay 1\.00 USDT with wallet$/);
    await visible("Your wallet is on another TON network than this store. Switch your wallet's network and try again.");
    await playwrightExpect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 0 });
    expect(wallet.requests).toHaveLength(0);
  });

  it('a remote wallet gets its universal link and a QR; the page reaches only the service and that wallet bridge', async () => {
    await open(null);
    const bridge = 'https://bridge.tonapi.io';
    // No internet in tests: the bridge's stream is refused here, after the page has asked for it.
    await page.route(`${bridge}/**`, (route) => route.abort());
    const deposit = await createDeposit(service, { amount: '2.00' });
    await page.goto(deposit.url);
    await page.getByRole('button', { name: 'Pay 2.00 USDT with wallet' }).click();
    // Sandbox mode offers the sandbox wallet beside the real ones; nothing is marked as in this browser.
    await playwrightExpect(page.getByRole('button', { name: 'Sandbox wallet', exact: true })).toBeVisible({
      timeout: 0,
    });
    expect(await page.getByText('in this browser').count()).toBe(0);
    await page.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
    await visible('Approve the connection in Tonkeeper');
    const openLink = page.getByRole('link', { name: 'Open Tonkeeper' });
    const link = new URL((await openLink.getAttribute('href'))!);
    expect(`${link.origin}${link.pathname}`).toBe('https://app.tonkeeper.com/ton-connect');
    expect(link.searchParams.get('id')).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(link.searchParams.get('r')!)).toEqual({
      manifestUrl: `${service.url}/tonconnect-manifest.json`,
      items: [{ name: 'ton_addr' }],
    });
    await playwrightExpect(
      page.getByRole('img', { name: 'QR code that connects Tonkeeper to this payment' }),
    ).toBeVisible({
      timeout: 0,
    });
    await playwrightExpect
      .poll(() => requested.some((url) => url.startsWith(`${bridge}/bridge/events`)), { timeout: 0 })
      .toBe(true);
    const origins = new Set(requested.map((url) => new URL(url).origin));
    expect(origins).toEqual(new Set([new URL(service.url).origin, bridge]));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await playwrightExpect(page.getByRole('button', { name: 'Pay 2.00 USDT with wallet' })).toBeVisible({ timeout: 0 });
  });
});
