import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useSignedInConsole } from './console-harness';

const SHOTS = '/tmp/shots-tc-till';

/**
 * "Pay with wallet" at the till, in Chromium against the real service on the sandbox chain: the till
 * shows the TON Connect QR of the session the service holds; a second page (the sandbox wallet, as a
 * phone's wallet would open the link) connects and answers; the till follows it to paid.
 */
describe('the till pays through TON Connect with the sandbox wallet (Chromium)', () => {
  const signedIn = useSignedInConsole();
  const till = () => signedIn.page.getByTestId('till');
  const walletState = () => till().getByTestId('till-wallet-state');

  async function shoot(name: string): Promise<void> {
    const { page } = signedIn;
    mkdirSync(SHOTS, { recursive: true });
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
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await page.setViewportSize({ width: 1360, height: 860 });
  }

  /** The wallet opens the till's link in a page of its own and approves the connection as the payer. */
  async function connectWallet(link: string): Promise<Page> {
    const wallet = await signedIn.ui.context.newPage();
    await wallet.goto(link);
    await expect.poll(() => wallet.getByRole('heading', { name: /^Connect to / }).count()).toBe(1);
    await wallet.getByRole('button', { name: 'Approve' }).click();
    await wallet.getByRole('heading', { name: /^Connected to / }).waitFor();
    return wallet;
  }

  /** The wallet's request card, once the till's request arrived, answered. */
  async function answerRequest(wallet: Page, decision: 'Approve' | 'Reject'): Promise<void> {
    const card = wallet.locator('.card', { has: wallet.getByRole('heading', { name: 'Send this?' }) });
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
    await shoot('payment-with-wallet-button');

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
    await shoot('wallet-scan');

    // the customer declines the transfer: the till says so and offers to try again
    const declining = await connectWallet(link);
    await expect.poll(() => walletState().textContent()).toBe('Waiting for approval in the wallet');
    expect(await till().getByTestId('till-wallet-connected').textContent()).toMatch(/^Connected: Sandbox wallet \(0Q/);
    await shoot('wallet-awaiting-approval');
    await answerRequest(declining, 'Reject');
    await expect.poll(() => walletState().textContent()).toBe('Declined in the wallet');
    await shoot('wallet-declined');
    await declining.close();

    // Try again: a new link; this time the wallet approves both steps
    await till().getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => walletState().textContent()).toBe('Scan with a TON wallet');
    const second = (await till().getByTestId('till-wallet-link').getAttribute('href'))!;
    expect(second).not.toBe(link);
    const approving = await connectWallet(second);
    await answerRequest(approving, 'Approve');
    await expect.poll(() => till().getAttribute('data-screen')).toBe('ended');
    expect(await till().getByTestId('till-outcome').textContent()).toMatch(/^Paid/);
    await shoot('wallet-paid');
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
