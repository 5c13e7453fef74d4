import type { Browser, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, includes, is, launchChromium } from '../e2e/e2e-helpers';
import { runCli } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { ensureBuilt, openConsole, startConsoleService, type ConsoleService } from './console-harness';

const PASSPHRASE = 'counter till passphrase 7';

/** Waits, without a time limit of its own, until the locator's text, focus or style is as expected. */
const hasText = (locator: Locator, text: string) => eventually(() => locator.innerText(), is(text));
const containsText = (locator: Locator, text: string) => eventually(() => locator.innerText(), includes(text));
const isFocused = (locator: Locator) =>
  eventually(() => locator.evaluate((el) => el === document.activeElement), is(true));
const backgroundOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

let service: ConsoleService;
let browser: Browser;

/** A browser that has never seen the console: its own cookies, no session. */
async function freshPage(
  colorScheme: 'light' | 'dark' = 'light',
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ colorScheme, viewport });
  const page = await context.newPage();
  page.on('dialog', (d) => {
    throw new Error(`a browser ${d.type()}() dialog opened: ${d.message()}`);
  });
  return page;
}

describe('signing in to the console for the whole life of the service (Chromium)', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('`npm run console -- link` prints a link that signs a browser in; used again it shows a styled page', async () => {
    const run = await runCli('console', ['link', '--data-dir', service.dataDir]);
    expect(run.code, run.out).toBe(0);
    const link = run.out.trim().split('\n').at(-1)!;
    expect(link).toMatch(new RegExp(`^${service.url}/console/login\\?token=[\\w-]+$`));

    const page = await freshPage();
    await page.goto(link);
    await page.waitForURL(/\/console\/(#.*)?$/);
    await page.getByRole('navigation', { name: 'Console' }).waitFor();

    for (const scheme of ['light', 'dark'] as const) {
      const other = await freshPage(scheme, { width: 390, height: 844 });
      const answer = await other.goto(link);
      expect(answer?.status()).toBe(401);
      expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
      await hasText(other.getByRole('heading', { level: 1 }), 'This sign-in link no longer works');
      await containsText(other.locator('body'), 'npm run console -- link');
      // the stylesheet applied (CSP allows it): the console's background for the scheme
      await eventually(
        () => backgroundOf(other.locator('body')),
        is(scheme === 'dark' ? 'rgb(15, 18, 23)' : 'rgb(246, 247, 249)'),
      );
      await other.screenshot({ path: `/tmp/signin-link-used-${scheme}.png` });
      await other.context().close();
    }
    await page.context().close();
  });

  it('says what is wrong when no service runs for the data directory', async () => {
    const empty = tempDir('tontill-nolink-');
    try {
      const run = await runCli('console', ['link', '--data-dir', empty.path]);
      expect(run.code).toBe(1);
      expect(run.out).toContain('no running service found');
      expect(run.out).toContain('npm run serve');
    } finally {
      empty.remove();
    }
  });

  it('a passphrase set in Settings signs in another browser; a wrong one is refused; removing it asks first', async () => {
    const owner = await openConsole(service);
    const { page } = owner;
    page.on('dialog', (d) => {
      throw new Error(`a browser ${d.type()}() dialog opened: ${d.message()}`);
    });
    await page.goto(`${service.url}/console/#/settings`);
    const section = page.getByRole('region', { name: 'Sign-in passphrase' });
    await containsText(section.getByTestId('passphrase-status'), 'Not set');
    await section.getByLabel('Passphrase', { exact: true }).fill('too short');
    await section.getByText('At least 12 characters.').waitFor();
    await section.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByLabel('Repeat it').fill(PASSPHRASE);
    await section.getByRole('button', { name: 'Set passphrase' }).click();
    await containsText(section.getByTestId('passphrase-status'), 'Set ');

    const visitor = await freshPage('dark');
    await visitor.goto(`${service.url}/console/login`);
    await visitor.getByLabel('Passphrase').fill('not the passphrase');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await hasText(visitor.getByRole('alert'), 'That passphrase is not right. Check it and try again.');
    await visitor.screenshot({ path: '/tmp/signin-wrong-passphrase-dark.png' });
    await visitor.getByLabel('Passphrase').fill(PASSPHRASE);
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await visitor.waitForURL(/\/console\/(#.*)?$/);
    await visitor.getByRole('navigation', { name: 'Console' }).waitFor();
    await visitor.context().close();

    // removing it takes the current passphrase: a wrong one is said beside the field
    expect(await section.getByRole('button', { name: 'Remove passphrase' }).isDisabled()).toBe(true);
    await section.getByLabel('Current passphrase').fill('not the passphrase');
    await section.getByRole('button', { name: 'Remove passphrase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the sign-in passphrase?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await containsText(section.locator('#passphrase-help'), 'Current passphrase is not right.');
    await section.getByLabel('Current passphrase').fill(PASSPHRASE);
    await section.getByRole('button', { name: 'Remove passphrase' }).click();
    await dialog.waitFor();
    await isFocused(dialog.getByRole('button', { name: 'Keep passphrase' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await containsText(section.getByTestId('passphrase-status'), 'Set ');
    await section.getByRole('button', { name: 'Remove passphrase' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await containsText(section.getByTestId('passphrase-status'), 'Not set');
    expect(owner.errors).toEqual([]);
    await owner.browser.close();
  });

  it("revoking an API key asks in the console's own dialog, which keeps focus and closes before the page is used", async () => {
    await service.server.services.apiKeys.create('till');
    const { browser: own, page, errors } = await openConsole(service, { colorScheme: 'dark' });
    page.on('dialog', (d) => {
      throw new Error(`a browser ${d.type()}() dialog opened: ${d.message()}`);
    });
    await page.goto(`${service.url}/console/#/settings`);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'till', exact: true }) });
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke till?' });
    await dialog.waitFor();
    // Tab stays in the dialog: Keep key -> Revoke key -> Keep key
    await page.keyboard.press('Tab');
    await isFocused(dialog.getByRole('button', { name: 'Revoke key' }));
    await page.keyboard.press('Tab');
    await isFocused(dialog.getByRole('button', { name: 'Keep key' }));
    await page.screenshot({ path: '/tmp/confirm-revoke-dark.png' });
    await dialog.getByRole('button', { name: 'Keep key' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Revoke' }).waitFor();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await containsText(row, 'revoked');
    expect(errors).toEqual([]);
    await own.close();
  });

  it('a console whose session ends shows how to sign in again, with no error toasts', async () => {
    const { browser: own, page } = await openConsole(service);
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    const ended = await page.request.post(`${service.url}/console/api/logout`, {
      headers: { 'x-tontill-console': '1' },
    });
    expect(ended.status()).toBe(204);
    await page.goto(`${service.url}/console/#/payments`);
    await hasText(page.getByRole('heading', { level: 1 }), 'You are signed out');
    await containsText(page.getByRole('main'), 'npm run console -- link');
    expect(await page.getByRole('link', { name: 'sign in with the passphrase' }).getAttribute('href')).toBe(
      '/console/login',
    );
    expect(await page.locator('.toast').allInnerTexts()).toEqual([]);
    await page.screenshot({ path: '/tmp/signed-out-light.png' });
    await own.close();
  });
});
