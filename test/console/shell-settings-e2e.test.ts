import type { Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { describe, expect, it } from 'vitest';
import { useSignedInConsole } from './console-harness';

/**
 * Settings in sections: a list beside them that lights the one being read (a select on a phone),
 * each one addressable (`#/settings/data`), the logo picker a console button, and notices that do
 * not pile up over the page's buttons.
 */
describe('the settings page in sections (Chromium)', () => {
  const signedIn = useSignedInConsole();
  const go = (page: Page, route: string) =>
    page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);
  const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('lists its sections beside them at desktop width, opens one by its address and lights it', async () => {
    const { page } = signedIn;
    await page.setViewportSize({ width: 1440, height: 900 });
    await go(page, 'settings');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    await pw(sections.getByRole('link')).toHaveText([
      'Chain and payments',
      'Pricing',
      'Store and till',
      'API access',
      'Sign-in and cashiers',
      'Data and backups',
    ]);
    await pw(sections.getByRole('link', { name: 'Chain and payments' })).toHaveAttribute('aria-current', 'location');

    await go(page, 'settings/data');
    await pw(group(page, 'Data and backups')).toBeInViewport();
    await pw(sections.getByRole('link', { name: 'Data and backups' })).toHaveAttribute('aria-current', 'location');
    await pw(sections.locator('[aria-current]')).toHaveCount(1);

    // A scroll the reader did not make (the page growing as its cards load) leaves the named group lit…
    await page.evaluate(() => document.querySelector('.main')!.scrollBy({ top: -400 }));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await pw(sections.getByRole('link', { name: 'Data and backups' })).toHaveAttribute('aria-current', 'location');
    // …while the reader's own scrolling relights the list
    await page.getByTestId('catalogue-settings').hover();
    await page.mouse.wheel(0, -20_000);
    await pw(sections.getByRole('link', { name: 'Chain and payments' })).toHaveAttribute('aria-current', 'location');

    await sections.getByRole('link', { name: 'Sign-in and cashiers' }).click();
    await pw(page).toHaveURL(/#\/settings\/sign-in$/);
    await pw(group(page, 'Sign-in and cashiers')).toBeInViewport();
    await pw(sections.getByRole('link', { name: 'Sign-in and cashiers' })).toHaveAttribute('aria-current', 'location');
  });

  it('offers the logo picker as a console button on the native, labelled file input', async () => {
    const { page } = signedIn;
    await go(page, 'settings/store');
    const picker = page.getByTestId('store-profile').locator('input[type="file"]');
    await pw(picker).toBeVisible();
    const looks = await picker.evaluate((input) => {
      const button = getComputedStyle(input, '::file-selector-button');
      const consoleButton = getComputedStyle(document.querySelector('.btn')!);
      return {
        radius: button.borderTopLeftRadius === consoleButton.borderTopLeftRadius,
        font: button.fontFamily === consoleButton.fontFamily,
        inputBorder: getComputedStyle(input).borderTopStyle,
        labelled: (input as HTMLInputElement).labels?.length ?? 0,
      };
    });
    expect(looks).toEqual({ radius: true, font: true, inputBorder: 'none', labelled: 1 });
  });

  it('shows a select of the sections at phone width, which opens the one picked', async () => {
    const { page } = signedIn;
    await page.setViewportSize({ width: 390, height: 844 });
    await go(page, 'settings');
    await pw(page.getByRole('navigation', { name: 'Settings sections' })).toBeHidden();
    const select = page.getByLabel('Settings section', { exact: true });
    await pw(select).toBeVisible();
    await select.selectOption({ label: 'API access' });
    await pw(page).toHaveURL(/#\/settings\/keys$/);
    await pw(group(page, 'API access')).toBeInViewport();
    await pw(select).toHaveValue('keys');
    // the groups fit the phone: none runs past its right edge (where an overflow would be clipped, unseen)
    for (const box of await page
      .locator('.settings-group')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  it('keeps one good-news notice at a time, and the last Save clear of it', async () => {
    const { page } = signedIn;
    await page.setViewportSize({ width: 390, height: 844 });
    await go(page, 'settings/data');
    const backups = page.getByTestId('backups-section');
    const toasts = page.locator('.toast');
    await backups.getByRole('button', { name: 'Back up now' }).click();
    await pw(toasts.filter({ hasText: 'Backed up to' })).toBeVisible();
    await backups.getByRole('button', { name: 'Save' }).click();
    await pw(toasts.filter({ hasText: 'Backup settings saved' })).toBeVisible();
    // the newer notice replaces the older one instead of stacking on it
    await pw(toasts).toHaveCount(1);
    // the page's last button, scrolled to the very bottom: nothing lies over it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const save = backups.getByRole('button', { name: 'Save' });
    await pw(save).toBeInViewport();
    const isClear = await save.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top === button || button.contains(top);
    });
    expect(isClear).toBe(true);
  });
});
