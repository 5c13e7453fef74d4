import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerInfo } from '../../contract/console';
import { screenshot, useSignedInConsole } from './console-harness';

/**
 * The console over a ledger in PostgreSQL, in Chromium. Chromium runs in the sqlite project only, so the
 * service's answer to GET /console/api/ledger is the one a shared ledger gives (test/server/ledger-info.test.ts
 * checks that answer in the postgres project); the rest is the real service and the built console.
 */
describe('backups in the console on PostgreSQL', () => {
  const signedIn = useSignedInConsole();
  /** console API paths the page asked for since the answer was put in place */
  const asked: string[] = [];
  let ledger: LedgerInfo = {
    engine: 'postgres',
    instance: 'shop-a-1234-c0ffee',
    watching: true,
    capabilities: { backups: 'external', sharedLedger: true },
  };
  beforeAll(async () => {
    const { page, context } = signedIn.ui;
    await page.setViewportSize({ width: 1440, height: 900 });
    await context.route('**/console/api/ledger', (route) => route.fulfill({ json: ledger }));
    // counted from the reloaded console on: the page opened at sign-in met the real (SQLite) answer
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (reloaded && path.startsWith('/console/api/')) asked.push(path.slice('/console/api'.length));
    });
    await page.reload();
  });

  const go = (hash: string) =>
    signedIn.page.evaluate((h) => {
      location.hash = h;
    }, hash);

  it('the dashboard says pg_dump backs the ledger up', async () => {
    await go('#/dashboard');
    const line = signedIn.page.getByTestId('last-backup');
    await expect.poll(() => line.textContent()).toBe('Backups: pg_dump (PostgreSQL) · How');
    await screenshot(signedIn.page, 'dashboard-backups-postgres');
  });

  it('Settings → Backups explains pg_dump and pg_restore and names this instance, with no backup controls', async () => {
    await go('#/settings');
    const section = signedIn.page.getByTestId('backups-postgres');
    await section.waitFor();
    const text = await section.textContent();
    expect(text).toContain('This store keeps its ledger in PostgreSQL, shared by its instances');
    expect(text).toMatch(
      /pg_dump on a schedule; to restore, stop every instance and pg_restore into an empty database/,
    );
    expect(text).toContain('“Running on PostgreSQL” in the README');
    expect(await section.getByTestId('ledger-instance').textContent()).toBe('shop-a-1234-c0ffee · watching the chain');
    expect(await signedIn.page.getByTestId('backups-section').count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    // the Data card keeps the folder, without the SQLite file's download and restore
    await expect.poll(() => signedIn.page.getByTestId('data-postgres').count()).toBe(1);
    expect(await signedIn.page.getByRole('button', { name: 'Download backup' }).count()).toBe(0);
    expect(await signedIn.page.getByText('Restore from a backup…').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(signedIn.page, 'settings-backups-postgres');

    // a standby: seen on the next visit
    ledger = { ...ledger, watching: false };
    await go('#/dashboard');
    await go('#/settings');
    await expect
      .poll(() => signedIn.page.getByTestId('ledger-instance').textContent())
      .toBe('shop-a-1234-c0ffee · standing by');
  });

  it('never called the backups API, and nothing failed', () => {
    expect(asked).toContain('/ledger');
    expect(asked.filter((p) => p.startsWith('/backup'))).toEqual([]);
    expect(signedIn.ui.errors).toEqual([]);
  });
});
