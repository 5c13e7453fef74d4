import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreFile } from '../../server/db/restore';
import { tempDir } from '../helpers/test-app';
import { unopenableLedger } from '../helpers/restore-candidates';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

/** A restore staged for a start that could not use it: the dashboard says the ledger is not the backup. */
describe('the dashboard after a restore that was rolled back at start', () => {
  const dir = tempDir('tontill-restore-e2e-');
  let service: ConsoleService;
  let ui: ConsoleBrowser;
  beforeAll(async () => {
    await ensureBuilt();
    await (await startConsoleService({}, dir.path)).close();
    unopenableLedger(restoreFile(dir.path));
    service = await startConsoleService({}, dir.path);
    ui = await openConsole(service);
  }, 120_000);
  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
    dir.remove();
  });

  it('warns that the restore was not applied and where the backup was set aside, above the last backup', async () => {
    await ui.page.evaluate(() => {
      location.hash = '#/dashboard';
    });
    const notice = ui.page.getByTestId('restore-at-start');
    await expect.poll(() => notice.textContent()).toContain('could not be opened');
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.textContent()).toMatch(/restore-failed-.*\.db/);
    await ui.page.getByTestId('last-backup').waitFor();
    await screenshot(ui.page, 'dashboard-restore-rolled-back');
    expect(ui.errors).toEqual([]);
  });
});
