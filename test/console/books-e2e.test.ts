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

/** The dashboard's books card in Chromium: a check on demand, balanced, then off by a transfer the ledger lost. */
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

  it('balances after payments and a withdrawal', async () => {
    await pay('10.00');
    await service.server.simulator!.withdraw({ amount: '4.00' });
    ui = await openConsole(service);
    await ui.page.getByTestId('check-books').click();
    await eventually(
      () => ui!.page.getByTestId('books-health').textContent(),
      includes('Books balance — the ledger matches the wallet on chain'),
    );
    await screenshot(ui.page, 'books-balanced');
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
    expect(await ui.page.getByTestId('books-unrecorded').textContent()).toContain(
      `${lost.slice(0, 12)}… 2.50 USDT, transfer in`,
    );
    await screenshot(ui.page, 'books-off');
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
