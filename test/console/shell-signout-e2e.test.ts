import type { BrowserContext, Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, startConsoleService, type ConsoleService } from './console-harness';

/**
 * Signing out from the console, as the owner and as a cashier, at desktop and at phone width: the
 * service ends the session (the old cookie is refused from then on) and the console says how to sign in.
 */
describe('signing out of the console (Chromium)', () => {
  let service: ConsoleService;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  const PHONE = { width: 390, height: 844 };
  const DESKTOP = { width: 1440, height: 900 };

  async function signedIn(loginUrl: string, viewport: { width: number; height: number }) {
    const context = await browser.newContext({
      viewport,
      ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await page.goto(loginUrl);
    await page.waitForURL(/\/console\/(#.*)?$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return { context, page };
  }

  const sessionCookie = async (context: BrowserContext) => {
    const cookies = await context.cookies(service.url);
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  };
  const sessionStatus = (cookie: string) =>
    fetch(`${service.url}/console/api/session`, { headers: { cookie } }).then((res) => res.status);

  async function signOut(page: Page, isPhone: boolean) {
    if (isPhone) await page.getByRole('button', { name: /^Menu/ }).tap();
    await page.getByRole('button', { name: 'Sign out' }).click();
  }

  async function expectSignedOut(context: BrowserContext, page: Page, cookie: string) {
    await pw(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
    expect(await sessionStatus(cookie)).toBe(401);
    // a reload stays signed out: the browser no longer holds a session either
    await page.reload();
    await pw(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
    await context.close();
  }

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the owner signs out from the sidebar (${width})`, async () => {
      const { context, page } = await signedIn(await service.loginUrl(), viewport);
      const cookie = await sessionCookie(context);
      expect(await sessionStatus(cookie)).toBe(200);
      await signOut(page, viewport === PHONE);
      await expectSignedOut(context, page, cookie);
    });

    it(`a cashier signs out from the sidebar (${width})`, async () => {
      const { loginToken } = await service.server.services.cashiers.create(`Ana ${width}`, null, 'owner');
      const { context, page } = await signedIn(`${service.url}/console/login?token=${loginToken}`, viewport);
      await pw(page.getByTestId('signed-in-as')).toHaveCount(1);
      const cookie = await sessionCookie(context);
      expect(await sessionStatus(cookie)).toBe(200);
      await signOut(page, viewport === PHONE);
      await expectSignedOut(context, page, cookie);
    });
  }
});
