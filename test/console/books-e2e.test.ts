import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, includes } from '../e2e/e2e-helpers';
import { tempDir } from '../helpers/test-app';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

/**
 * The dashboard's books card in Chromium, a section per asset: a check on demand, both balanced, then
 * USDT off by a transfer the ledger lost while Toncoin's still balance.
 */
describe('the books against the chain, on the dashboard', () => {
  const dir = tempDir('tontill-books-');
  let service: ConsoleService;
  let ui: ConsoleBrowser | undefined;

  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService({}, dir.path);
  }, 120_000);
  afterAll(async () => {
    await ui?.browser.close();
    await service.close();
    dir.remove();
  });

  const pay = async (amount: string) => {
    const { payment } = await service.server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
    });
    return service.server.simulator!.pay({ paymentId: payment.id });
  };

  const shots = async (name: string) => {
    const page = ui!.page;
    await page.getByTestId('check-books').scrollIntoViewIfNeeded();
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.getByTestId('check-books').scrollIntoViewIfNeeded();
        await screenshot(page, `${name}-${width}-${colorScheme}`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  it('balances both after payments in each asset and a withdrawal', async () => {
    await pay('10.00');
    await service.server.simulator!.withdraw({ amount: '4.00' });
    const { payment } = await service.server.services.payments.create('invoice', {
      currency: 'TON',
      mainCurrency: 'TON',
      amount: '1.5',
    });
    await service.server.chain.sandbox!.payToncoin({ amount: 1_500_000_000n, comment: payment.memo });
    await service.server.watcher.pollNow();
    ui = await openConsole(service);
    await ui.page.getByTestId('check-books').click();
    for (const asset of ['USDT', 'TON']) {
      await eventually(
        () => ui!.page.getByTestId(`books-health-${asset}`).textContent(),
        includes('Books balance — the ledger matches the wallet on chain'),
      );
    }
    expect(await ui.page.getByTestId('books-TON').getByRole('heading').textContent()).toBe('Toncoin (Gram)');
    expect(await ui.page.getByTestId('books-USDT').getByRole('heading').textContent()).toBe('Tether USD');
    await shots('books-balanced');
  });

  it('shows a transfer missing from the ledger as an alert naming it', async () => {
    const { txHashes } = await pay('2.50');
    await ui!.browser.close();
    await service.server.close();
    const lost = forgetTransfer(dir.path, txHashes);
    service = await startConsoleService({}, dir.path);
    ui = await openConsole(service);
    await ui.page.getByTestId('check-books').click();
    const alert = ui.page.getByRole('alert');
    await eventually(() => alert.textContent(), includes('Books off by 2.50 USDT'));
    expect(await ui.page.getByTestId('books-health-TON').textContent()).toContain('Books balance');
    expect(await ui.page.getByTestId('books-unrecorded-USDT').textContent()).toContain(
      `${lost.slice(0, 12)}… 2.50 USDT, transfer in`,
    );
    await shots('books-off');
    expect(ui.errors).toEqual([]);
  });
});

/** Test-only, with the service stopped: the ledger loses the credited transfer among `txHashes`. */
function forgetTransfer(dataDir: string, txHashes: string[]): string {
  const db = new Database(join(dataDir, 'tontill.db'));
  try {
    const { tx_hash: hash } = db
      .prepare(`SELECT tx_hash FROM transfers WHERE tx_hash IN (${txHashes.map(() => '?').join(',')})`)
      .get(...txHashes) as { tx_hash: string };
    db.prepare('DELETE FROM transfers WHERE tx_hash = ?').run(hash);
    return hash;
  } finally {
    db.close();
  }
}
