import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock, tempDir } from '../helpers/test-app';
import { startConsoleService, useSignedInConsole, type ConsoleService } from './console-harness';

const SHOTS = '/tmp/shots-tc-till';
/** the wallet sheet when the wallet does not answer, the payment expires, the service restarts */
const SHOTS_TROUBLE = '/tmp/shots-tc-till2';

/** `page` at 1440×900 and 390×844, light and dark, as `<dir>/<name>-<width>-<scheme>.png`. */
async function shoot(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.evaluate((theme) => {
        document.documentElement.dataset.theme = theme;
      }, colorScheme);
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize({ width: 1360, height: 860 });
}

/** The wallet opens the till's link in a page of its own and approves the connection as the payer. */
async function connectWallet(context: BrowserContext, link: string): Promise<Page> {
  const wallet = await context.newPage();
  await wallet.goto(link);
  await expect.poll(() => wallet.getByRole('heading', { name: /^Connect to / }).count()).toBe(1);
  await wallet.getByRole('button', { name: 'Approve' }).click();
  await wallet.getByRole('heading', { name: /^Connected to / }).waitFor();
  return wallet;
}

/** The wallet's request card, once the till's request arrived. */
const requestCard = (wallet: Page): Locator =>
  wallet.locator('.card', { has: wallet.getByRole('heading', { name: 'Send this?' }) });

/**
 * "Pay with wallet" at the till, in Chromium against the real service on the sandbox chain: the till
 * shows the TON Connect QR of the session the service holds; a second page (the sandbox wallet, as a
 * phone's wallet would open the link) connects and answers; the till follows it to paid.
 */
describe('the till pays through TON Connect with the sandbox wallet (Chromium)', () => {
  const signedIn = useSignedInConsole();
  const till = () => signedIn.page.getByTestId('till');
  const walletState = () => till().getByTestId('till-wallet-state');

  const shootHere = (name: string) => shoot(signedIn.page, SHOTS, name);
  const connect = (link: string) => connectWallet(signedIn.ui.context, link);

  /** The wallet's request card, once the till's request arrived, answered. */
  async function answerRequest(wallet: Page, decision: 'Approve' | 'Reject'): Promise<void> {
    const card = requestCard(wallet);
    await card.waitFor();
    await card.getByRole('button', { name: decision }).click();
  }

  it('shows the TON Connect QR and link, follows connect, decline, Try again and approve, and turns paid', async () => {
    const { page, service } = signedIn;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => {
      location.hash = '#/invoice';
    });
    await page.getByLabel('Amount (USDT)').fill('7.25');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByTestId('invoice-card').waitFor();
    await page.getByRole('button', { name: /till mode/ }).click();
    await till()
      .getByRole('img', { name: /^QR code to pay/ })
      .waitFor();
    await shootHere('payment-with-wallet-button');

    await till().getByRole('button', { name: 'Pay with wallet' }).click();
    await till()
      .getByRole('img', { name: /TON Connect QR code/ })
      .waitFor();
    await expect.poll(() => walletState().textContent()).toBe('Scan with a TON wallet');
    expect(
      await till()
        .getByRole('img', { name: /^QR code to pay/ })
        .count(),
    ).toBe(0);
    const link = (await till().getByTestId('till-wallet-link').getAttribute('href'))!;
    expect(link.startsWith(`${service.url}/sandbox-wallet?v=2&id=`)).toBe(true);
    await shootHere('wallet-scan');

    // the customer declines the transfer: the till says so and offers to try again
    const declining = await connect(link);
    await expect.poll(() => walletState().textContent()).toBe('Waiting for approval in the wallet');
    expect(await till().getByTestId('till-wallet-connected').textContent()).toMatch(/^Connected: Sandbox wallet \(0Q/);
    await shootHere('wallet-awaiting-approval');
    await answerRequest(declining, 'Reject');
    await expect.poll(() => walletState().textContent()).toBe('Declined in the wallet');
    await shootHere('wallet-declined');
    await declining.close();

    // Try again: a new link; this time the wallet approves both steps
    await till().getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => walletState().textContent()).toBe('Scan with a TON wallet');
    const second = (await till().getByTestId('till-wallet-link').getAttribute('href'))!;
    expect(second).not.toBe(link);
    const approving = await connect(second);
    await answerRequest(approving, 'Approve');
    await expect.poll(() => till().getAttribute('data-screen')).toBe('ended');
    expect(await till().getByTestId('till-outcome').textContent()).toMatch(/^Paid/);
    await shootHere('wallet-paid');
    await approving.close();
  }, 180_000);

  it('keeps the plain ton:// QR one tap away', async () => {
    const { page } = signedIn;
    await page.getByRole('button', { name: 'Back to console' }).click();
    await page.getByTestId('invoice-card').waitFor();
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByLabel('Amount (USDT)').fill('2.00');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByRole('button', { name: /till mode/ }).click();
    await till().getByRole('button', { name: 'Pay with wallet' }).click();
    await till()
      .getByRole('img', { name: /TON Connect QR code/ })
      .waitFor();
    await till().getByRole('button', { name: 'Show the payment QR instead' }).click();
    await till()
      .getByRole('img', { name: /^QR code to pay 2\.00 USDT/ })
      .waitFor();
    expect(
      await till()
        .getByRole('img', { name: /TON Connect QR code/ })
        .count(),
    ).toBe(0);
  });
});

/**
 * The till's wallet sheet when things do not go to plan, on a service whose clock the test moves: a
 * wallet that never answers, the service restarting on the same port and data in the middle, and the
 * payment expiring while the wallet is asked.
 */
describe("the till's wallet sheet when the wallet is silent, the service restarts, the payment expires (Chromium)", () => {
  // starts at the real time, so the browser's countdown and the service agree until the test moves it
  const clock = new ManualClock(Date.now());
  const dir = tempDir('tontill-till-wallet-');
  const signedIn = useSignedInConsole({ dataDir: dir.path, start: { clock } });
  /** the service after the restart, on the same port and data directory */
  let restarted: ConsoleService | undefined;
  afterAll(async () => {
    await restarted?.close();
    dir.remove();
  });
  const till = () => signedIn.page.getByTestId('till');
  const walletState = () => till().getByTestId('till-wallet-state');
  const walletLink = async () => (await till().getByTestId('till-wallet-link').getAttribute('href'))!;
  const shootHere = (name: string) => shoot(signedIn.page, SHOTS_TROUBLE, name);
  const FIFTEEN_MINUTES = 15 * 60_000;
  let createdAt = 0;

  it('says the wallet did not answer in time once the request lapses, and Try again shows a new QR', async () => {
    const { page } = signedIn;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => {
      location.hash = '#/invoice';
    });
    await page.getByLabel('Amount (USDT)').fill('3.10');
    await page.getByLabel('Expires after (minutes)').fill('15');
    createdAt = clock.now();
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByTestId('invoice-card').waitFor();
    await page.getByRole('button', { name: /till mode/ }).click();
    await till().getByRole('button', { name: 'Pay with wallet' }).click();
    await expect.poll(() => walletState().textContent()).toBe('Scan with a TON wallet');
    const link = await walletLink();

    const silent = await connectWallet(signedIn.ui.context, link);
    await requestCard(silent).waitFor();
    await expect.poll(() => walletState().textContent()).toBe('Waiting for approval in the wallet');
    // the wallet shows the request and nobody answers it: five minutes pass on the service's clock
    clock.advance(5 * 60_000 + 1_000);
    await expect.poll(() => walletState().textContent()).toBe('The wallet did not answer in time');
    await shootHere('wallet-timed-out');
    await silent.close();

    await till().getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => walletState().textContent()).toBe('Scan with a TON wallet');
    expect(await walletLink()).not.toBe(link);
  }, 180_000);

  it('says the restart ended the session, and Start again shows a new QR from the service that came back', async () => {
    const before = await walletLink();
    const port = Number(new URL(signedIn.service.url).port);
    await signedIn.service.server.close();
    restarted = await startConsoleService({ port }, dir.path, { clock });
    await expect.poll(() => walletState().textContent()).toBe('The service restarted, which ended the wallet session');
    expect(
      await till()
        .getByRole('img', { name: /TON Connect QR code/ })
        .count(),
    ).toBe(0);
    await shootHere('wallet-ended-by-restart');

    await till().getByRole('button', { name: 'Start again' }).click();
    await expect.poll(() => walletState().textContent()).toBe('Scan with a TON wallet');
    expect(await walletLink()).not.toBe(before);
  }, 180_000);

  it('shows the expired payment, not a wallet still waiting, when the payment expires with the wallet asked', async () => {
    const wallet = await connectWallet(signedIn.ui.context, await walletLink());
    await requestCard(wallet).waitFor();
    await expect.poll(() => walletState().textContent()).toBe('Waiting for approval in the wallet');
    clock.advance(createdAt + FIFTEEN_MINUTES + 1_000 - clock.now());
    await expect.poll(() => till().getAttribute('data-screen')).toBe('ended');
    expect(await till().getByTestId('till-outcome').textContent()).toMatch(/^Expired at /);
    expect(await till().getByTestId('till-wallet').count()).toBe(0);
    // the service let the wallet go: its session page (read afresh) says so
    await expect
      .poll(async () => {
        await wallet.reload();
        return wallet.getByText('Disconnected. You can close this tab.').count();
      })
      .toBe(1);
    await shootHere('wallet-payment-expired');
    await wallet.close();
  }, 180_000);
});
