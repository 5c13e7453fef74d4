import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, useSignedInConsole } from './console-harness';

/** Settings → Backups and the dashboard's "Last backup" in Chromium, on the real service. */
describe('backups in the console', () => {
  const signedIn = useSignedInConsole();
  beforeAll(() => signedIn.page.setViewportSize({ width: 1440, height: 900 }));

  const go = (hash: string) =>
    signedIn.page.evaluate((h) => {
      location.hash = h;
    }, hash);
  const lastBackup = () => signedIn.page.getByTestId('last-backup');

  it('the dashboard says "never", then follows a backup made by the service without a reload', async () => {
    await go('#/dashboard');
    await expect.poll(() => lastBackup().textContent()).toContain('Last backup: never');
    const outcome = await signedIn.service.server.backups!.runBackup();
    expect(outcome.ok).toBe(true);
    await expect.poll(() => lastBackup().textContent()).not.toContain('never');
    expect(await lastBackup().locator('time').getAttribute('datetime')).toBe(outcome.at);
  });

  it('"Back up now" adds to the list in Settings → Backups, and a listed one can be restored after confirming', async () => {
    await go('#/settings');
    const section = signedIn.page.getByTestId('backups-section');
    const rows = section.getByTestId('backups-list').locator('tbody tr[data-backup]');
    await expect.poll(() => rows.count()).toBe(1);
    await section.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    // the one asked for is told apart from the daily one made at start
    expect(await rows.first().textContent()).toContain('Manual (Back up now)');
    expect(await rows.last().textContent()).toContain('Daily');
    expect(await section.getByTestId('backups-last').textContent()).not.toBe('never');
    await section.scrollIntoViewIfNeeded();
    await screenshot(signedIn.page, 'settings-backups');
    await signedIn.page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(signedIn.page, 'settings-backups-phone');
    await go('#/dashboard');
    await lastBackup().scrollIntoViewIfNeeded();
    await screenshot(signedIn.page, 'dashboard-last-backup-phone');
    await signedIn.page.setViewportSize({ width: 1440, height: 900 });
    await signedIn.page.evaluate(() => scrollTo(0, 0));
    await screenshot(signedIn.page, 'dashboard-last-backup');

    await go('#/settings');
    await rows.last().getByRole('button', { name: 'Restore this one…' }).click();
    const dialog = signedIn.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Restore at next start' }).click();
    await signedIn.page.getByTestId('restore-staged').waitFor();
    await signedIn.page.getByRole('button', { name: 'Cancel restore' }).click();
    await signedIn.page.getByTestId('restore-staged').waitFor({ state: 'detached' });
  });

  it('a failed backup shows on the dashboard as a warning that leads to the settings', async () => {
    await go('#/dashboard');
    const blocked = join(signedIn.service.dataDir, 'a-file');
    writeFileSync(blocked, 'x');
    await signedIn.service.server.backups!.saveSettings({ folder: join(blocked, 'backups'), keep: 14 });
    expect((await signedIn.service.server.backups!.runBackup()).ok).toBe(false);
    await expect.poll(() => lastBackup().textContent()).toMatch(/The last backup failed .*ENOTDIR/);
    expect(await lastBackup().getAttribute('role')).toBe('alert');
    await screenshot(signedIn.page, 'dashboard-backup-failed');
    await lastBackup()
      .getByRole('link', { name: /Settings → Backups/ })
      .click();
    await signedIn.page.getByTestId('backups-section').getByRole('alert').waitFor();
    expect(signedIn.ui.errors).toEqual([]);
  });
});
