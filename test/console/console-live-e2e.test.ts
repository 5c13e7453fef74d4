import type { Locator, Page, Request } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/test-app';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

const TIMEOUT = { timeout: 30_000 };
let dir: ReturnType<typeof tempDir>;
let service: ConsoleService;
let ui: ConsoleBrowser;
let list: Page;
let other: Page;
/** list endpoint requests and live stream requests, per tab, since the tab last reset them */
const seen = new Map<Page, { lists: number; streams: Request[]; failedStreams: number }>();

const go = (page: Page, route: string) =>
  page.evaluate((r) => {
    location.hash = `#/${r}`;
  }, route);
const create = async (amount: string, externalId?: string) =>
  (
    await service.server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...(externalId ? { externalId } : {}),
    })
  ).payment;
const row = (page: Page, id: string) => page.locator(`[data-testid=payment-row][href="#/payment/${id}"]`);
const badge = (page: Page) => page.locator('.nav-link[href="#/unmatched"] .nav-count');
/** The text of what `locator` finds now, '' when nothing: a poll must not wait on a missing element. */
const textOf = async (locator: Locator) => (await locator.allTextContents()).join('');

/** A marker that survives only while the document is not reloaded. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'kept';
  });
const isMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark === 'kept');

function watch(page: Page): void {
  seen.set(page, { lists: 0, streams: [], failedStreams: 0 });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/console/api/events') seen.get(page)!.failedStreams++;
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    const counts = seen.get(page)!;
    if (pathname === '/console/api/payments') counts.lists++;
    if (pathname === '/console/api/events') counts.streams.push(request);
  });
}
const resetCounts = (page: Page) => {
  seen.get(page)!.lists = 0;
};

/** The moment (browser clock) `selector`'s text first contains `text`, watched from now on. */
async function whenText(page: Page, selector: string, text: string): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ selector, text }) => {
      const w = window as unknown as { seenAt?: Record<string, number> };
      w.seenAt ??= {};
      const check = () => {
        if (!w.seenAt![selector] && document.querySelector(selector)?.textContent?.includes(text))
          w.seenAt![selector] = Date.now();
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { selector, text },
  );
  return async () => {
    await page.waitForFunction(
      (s) => (window as unknown as { seenAt?: Record<string, number> }).seenAt?.[s],
      selector,
      TIMEOUT,
    );
    return page.evaluate((s) => (window as unknown as { seenAt: Record<string, number> }).seenAt[s]!, selector);
  };
}

describe('the console stays live: one event stream drives every screen (Chromium, real service)', () => {
  beforeAll(async () => {
    await ensureBuilt();
    dir = tempDir('tontill-live-');
    service = await startConsoleService({}, dir.path);
    ui = await openConsole(service);
    list = ui.page;
    other = await ui.context.newPage();
    watch(list);
    watch(other);
    await other.goto(`${service.url}/console/#/dashboard`);
  }, 120_000);

  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
    dir?.remove();
  });

  it('a paid payment turns paid in the list in one tab and its detail in another, without a reload or a poll', async () => {
    const payment = await create('7.25', 'live-1');
    await go(list, 'payments');
    await expect.poll(() => textOf(row(list, payment.id)), TIMEOUT).toContain('Pending');
    await go(other, `payment/${payment.id}`);
    await expect.poll(() => textOf(other.getByTestId('payment-status')), TIMEOUT).toBe('Pending');
    await Promise.all([mark(list), mark(other)]);
    resetCounts(list);
    const listPaidAt = await whenText(list, `[data-testid=payment-row][href="#/payment/${payment.id}"]`, 'Paid');
    const detailPaidAt = await whenText(other, '[data-testid=payment-status]', 'Paid');
    const before = await service.server.services.eventFeed.lastSeq();

    await service.server.simulator!.pay({ paymentId: payment.id });

    const [listAt, detailAt] = [await listPaidAt(), await detailPaidAt()];
    expect(await row(list, payment.id).textContent()).toContain('Paid');
    expect(await other.getByTestId('payment-status').textContent()).toBe('Paid');
    const paid = (await service.server.services.eventFeed.after(before, 50)).find(
      (e) => e.type === 'payment.paid' && e.paymentId === payment.id,
    )!;
    console.log(
      `console live update: commit -> list ${listAt - paid.createdAt} ms, commit -> detail ${detailAt - paid.createdAt} ms`,
    );
    // the stream, not a reload or a list poll, brought it
    expect([await isMarked(list), await isMarked(other)]).toEqual([true, true]);
    expect(seen.get(list)!.lists).toBe(0);
    await screenshot(list, 'live-list-paid');
  });

  it('a new payment appears at the top of the list without a reload', async () => {
    resetCounts(list);
    const payment = await create('2.00', 'live-new');
    await expect(row(list, payment.id).waitFor(TIMEOUT)).resolves.toBeUndefined();
    expect(await list.getByTestId('payment-row').first().getAttribute('href')).toBe(`#/payment/${payment.id}`);
    expect(seen.get(list)!.lists).toBe(0);
    expect(await isMarked(list)).toBe(true);
  });

  it('the inbox and the sidebar badge follow unmatched transfers in every tab, on every screen', async () => {
    await go(list, 'unmatched');
    await go(other, 'dashboard');
    await list.getByText('Inbox zero').waitFor(TIMEOUT);
    await expect.poll(() => badge(other).count(), TIMEOUT).toBe(0);
    const lost = await create('3.00', 'live-no-memo');
    await service.server.simulator!.pay({ paymentId: lost.id, case: 'no-comment' });

    await list.getByTestId('unmatched-transfer').first().waitFor(TIMEOUT);
    await expect.poll(() => textOf(badge(list)), TIMEOUT).toBe('1');
    await expect.poll(() => textOf(badge(other)), TIMEOUT).toBe('1');
    await expect.poll(() => textOf(other.getByTestId('unmatched-count')), TIMEOUT).toBe('1');
    await screenshot(list, 'live-inbox-one');

    // attached elsewhere (another console, the API): both tabs drop it
    const [transfer] = await service.server.services.ledger.listUnmatched();
    await service.server.services.ledger.attach(transfer!.txHash, lost.id, 'paid without a memo');
    await list.getByText('Inbox zero').waitFor(TIMEOUT);
    await expect.poll(() => badge(list).count(), TIMEOUT).toBe(0);
    await expect.poll(() => badge(other).count(), TIMEOUT).toBe(0);
    await expect.poll(() => textOf(other.getByTestId('unmatched-count')), TIMEOUT).toBe('0');

    // dismissed in this tab: its inbox and badge agree at once
    const again = await create('4.00', 'live-dismiss');
    await service.server.simulator!.pay({ paymentId: again.id, case: 'no-comment' });
    await expect.poll(() => textOf(badge(list)), TIMEOUT).toBe('1');
    const card = list.getByTestId('unmatched-transfer').first();
    await card.getByRole('button', { name: 'Dismiss…' }).click();
    const form = card.getByRole('form', { name: 'Dismiss this transfer' });
    await form.getByLabel('Reason').fill('refunded by hand');
    await form.getByRole('button', { name: 'Dismiss transfer' }).click();
    await list.getByText('Inbox zero').waitFor(TIMEOUT);
    await expect.poll(() => badge(list).count(), TIMEOUT).toBe(0);
  });

  it('catches up after the stream was down: what changed meanwhile shows without a reload', async () => {
    const pending = await create('5.50', 'live-offline');
    await go(list, 'payments');
    await expect.poll(() => textOf(row(list, pending.id)), TIMEOUT).toContain('Pending');
    await Promise.all([mark(list), mark(other)]);
    resetCounts(list);
    // The service restarts on the same port and data; the tabs cannot reach it until it is back
    // and the changes below are made.
    const port = Number(new URL(service.url).port);
    await list.context().route('**/console/api/events*', (route) => route.abort('internetdisconnected'));
    await service.server.close();
    service = await startConsoleService({ port }, dir.path);
    // the tab has tried to come back and failed: from here it sees nothing until the route is lifted
    await expect.poll(() => seen.get(list)!.failedStreams, TIMEOUT).toBeGreaterThan(0);
    await service.server.simulator!.pay({ paymentId: pending.id });
    const created = await create('9.00', 'live-while-away');
    const streamsBefore = seen.get(list)!.streams.length;
    await list.context().unroute('**/console/api/events*');

    await expect.poll(() => textOf(row(list, pending.id)), TIMEOUT).toContain('Paid');
    await row(list, created.id).waitFor(TIMEOUT);
    const resumed = seen.get(list)!.streams.slice(streamsBefore);
    const caughtUp = await Promise.all(
      resumed.map(async (r) => (await r.allHeaders())['last-event-id'] ?? new URL(r.url()).searchParams.get('after')),
    );
    expect(caughtUp.some((position) => position !== null && Number(position) > 0)).toBe(true);
    expect(seen.get(list)!.lists).toBe(0);
    expect([await isMarked(list), await isMarked(other)]).toEqual([true, true]);
    expect(ui.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|net::/.test(e))).toEqual([]);
  });
});
