import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, includes, is, merchantPage } from './e2e-helpers';

/** EPP through the widget: a merchant page on another origin embeds the checkout and hears its events. */
describe('embedded checkout (EPP) through ServiceWidget, in Chromium', () => {
  const stage = embedStage();

  const session = (extra: Record<string, unknown> = {}) =>
    createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin], ...extra });
  const eventsOf = (p: Page) => p.evaluate(() => (window as unknown as { events: string[] }).events);

  it('embeds the checkout, shows amount and memo, and reports paid after a real emulated transfer', async () => {
    const s = await session({ amount: '12.50' });
    stage.shop.pages.set(
      '/checkout',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: s.signature }],
        init: `ServiceWidget.init({ container: '#pay', onEvent: (e) => window.events.push(e.type + ':' + e.status) });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/checkout`);
    const frame = stage.page.frameLocator('#pay iframe');
    await eventually(() => frame.locator('[data-field="amount"]').textContent(), is('12.50 USDT'));
    await eventually(() => frame.locator('[data-field="memo"]').textContent(), is(s.payment.memo));
    expect(await frame.locator('.warn').textContent()).toContain('comment');
    expect(await frame.locator('svg.qr').count()).toBe(1);
    expect(await frame.locator('a[href^="ton://transfer/"]').count()).toBe(1);
    const src = await stage.page.locator('#pay iframe').getAttribute('src');
    expect(src).toBe(
      `${stage.service.url}/embed?signature=${encodeURIComponent(s.signature)}&parent=${encodeURIComponent(stage.shop.origin)}`,
    );
    await eventually(() => eventsOf(stage.page), includes('loaded:pending'));

    const result = await stage.service.server.simulator!.pay({ paymentId: s.paymentId });
    expect(result.payment.status).toBe('paid');
    await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
    await eventually(() => eventsOf(stage.page), includes('paid:paid'));
    const events = await eventsOf(stage.page);
    expect(events).toContain('status:paid');
    expect(await stage.page.evaluate(() => (window as unknown as { domEvents: string[] }).domEvents)).toContain(
      'paid:pay',
    );
    expect(stage.consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('small-widgets mode renders a pay button in every colour scheme and opens the checkout', async () => {
    const colors = ['white-black', 'black-white', 'red-white', 'red-black', 'blue-white'] as const;
    const sessions = await Promise.all(colors.map(() => session({ amount: '3.00' })));
    const versions = (await (await fetch(`${stage.service.url}/widgets/versions.json`)).json()) as {
      latest: string;
      versions: Array<{ version: string; url: string; integrity: string }>;
    };
    const pinned = versions.versions.find((v) => v.version === versions.latest)!;
    stage.shop.pages.set(
      '/buttons',
      merchantPage({
        service: stage.service.url,
        // The pinned build with Subresource Integrity: Chromium refuses it if a single byte differs.
        script: `<script src="${stage.service.url}${pinned.url}" integrity="${pinned.integrity}" crossorigin="anonymous"></script>`,
        containers: colors.map((c, i) => ({ id: c, signature: sessions[i]!.signature })),
        init: colors
          .map(
            (c, i) =>
              `ServiceWidget.init({ container: document.getElementById('${c}'), mode: 'small-widgets', ` +
              `button: { color: '${c}', width: '260px', height: '52px'${i === 4 ? ', logoOnly: true' : ''} }, onLoaded: (e) => window.events.push('loaded:' + e.container.id) });`,
          )
          .join('\n'),
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/buttons`);
    const expected: Record<string, [string, string]> = {
      'white-black': ['rgb(255, 255, 255)', 'rgb(0, 0, 0)'],
      'black-white': ['rgb(0, 0, 0)', 'rgb(255, 255, 255)'],
      'red-white': ['rgb(211, 47, 47)', 'rgb(255, 255, 255)'],
      'red-black': ['rgb(239, 83, 80)', 'rgb(0, 0, 0)'],
      'blue-white': ['rgb(11, 99, 246)', 'rgb(255, 255, 255)'],
    };
    for (const color of colors) {
      const button = stage.page.locator(`#${color} button`);
      const style = await button.evaluate((b) => {
        const s = getComputedStyle(b);
        return { bg: s.backgroundColor, fg: s.color, width: s.width, height: s.height };
      });
      expect(style).toEqual({ bg: expected[color]![0], fg: expected[color]![1], width: '260px', height: '52px' });
    }
    expect(await stage.page.locator('#white-black button').textContent()).toBe('Pay with USDT');
    expect(await stage.page.locator('#blue-white button').getAttribute('aria-label')).toBe('Pay with USDT (TonTill)');
    expect(await stage.page.locator('iframe').count()).toBe(0);

    await stage.page.locator('#red-white button').click();
    const dialog = stage.page.locator('dialog[open]');
    await eventually(() => dialog.count(), is(1));
    const frame = stage.page.frameLocator('dialog[open] iframe');
    await eventually(() => frame.locator('[data-field="memo"]').textContent(), is(sessions[2]!.payment.memo));
    await eventually(() => eventsOf(stage.page), includes('loaded:red-white'));
    await stage.page.keyboard.press('Escape');
    await eventually(() => dialog.count(), is(0));
    await eventually(() => stage.page.evaluate(() => document.activeElement?.closest('div')?.id), is('red-white'));
  });

  it('re-initialising a container with a new signature replaces the old iframe', async () => {
    const [first, second] = await Promise.all([session(), session({ amount: '4.00' })]);
    stage.shop.pages.set(
      '/reinit',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: first.signature }],
        init: `ServiceWidget.init({ container: '#pay' });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/reinit`);
    await eventually(
      () => stage.page.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(),
      is(first.payment.memo),
    );
    await stage.page.evaluate((sig) => {
      document.getElementById('pay')!.setAttribute('signature', sig);
      (window as unknown as { ServiceWidget: { init(o: unknown): void } }).ServiceWidget.init({ container: ['#pay'] });
    }, second.signature);
    expect(await stage.page.locator('#pay iframe').count()).toBe(1);
    expect(await stage.page.locator('#pay iframe').getAttribute('src')).toContain(encodeURIComponent(second.signature));
    await eventually(
      () => stage.page.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(),
      is(second.payment.memo),
    );
    await eventually(
      () => stage.page.frameLocator('#pay iframe').locator('[data-field="amount"]').textContent(),
      is('4.00 USDT'),
    );
  });

  it('logs a clear console error for a missing container or a missing signature', async () => {
    stage.shop.pages.set(
      '/broken',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'nosig', signature: '' }],
        init: `document.getElementById('nosig').removeAttribute('signature');
ServiceWidget.init({ container: '#nowhere' });
ServiceWidget.init({ container: '#nosig' });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/broken`);
    await eventually(() => stage.consoleLines.join('\n'), includes('[ServiceWidget] container not found: #nowhere'));
    expect(stage.consoleLines.join('\n')).toContain('[ServiceWidget] the container has no signature attribute');
    expect(await stage.page.locator('iframe').count()).toBe(0);
  });

  it('a page whose origin is not allowed by the signature cannot frame the checkout, and the widget says so', async () => {
    const s = await session();
    stage.stranger.pages.set(
      '/steal',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: s.signature }],
        init: `ServiceWidget.init({ container: '#pay', onEvent: (e) => window.events.push(e.type + ':' + (e.code || e.status)) });`,
      }),
    );
    await stage.page.goto(`${stage.stranger.origin}/steal`);
    await eventually(() => eventsOf(stage.page), includes('error:ORIGIN_NOT_ALLOWED'));
    expect(await stage.page.locator('#pay iframe').count()).toBe(0);
    expect(stage.page.frames().filter((f) => f.url().includes('/embed'))).toEqual([]);
    expect(await eventsOf(stage.page)).toEqual(['error:ORIGIN_NOT_ALLOWED']);
  });

  it('a tampered signature is an INVALID_SIGNATURE error with a notice in the container', async () => {
    const s = await session();
    const [version, payload, mac] = s.signature.split('.') as [string, string, string];
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    stage.shop.pages.set(
      '/tampered',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: `${version}.${payload}.${flipped}` }],
        init: `ServiceWidget.init({ container: '#pay' });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/tampered`);
    const notice = stage.page.locator('#pay [role="alert"][data-servicewidget-error="INVALID_SIGNATURE"]');
    await eventually(() => notice.count(), is(1));
    expect(await notice.innerText()).toContain('This payment link is not valid');
    expect(await stage.page.locator('#pay iframe').count()).toBe(0);
    expect(await stage.page.evaluate(() => (window as unknown as { domEvents: string[] }).domEvents)).toEqual([
      'error:pay',
    ]);
    mkdirSync(join(import.meta.dirname, '../artifacts/screenshots'), { recursive: true });
    await stage.page.screenshot({
      path: join(import.meta.dirname, '../artifacts/screenshots/epp-error-tampered-desktop.png'),
    });
  });

  it('the sandbox demo shop pays with one click and logs the events it receives', async () => {
    const shots = join(import.meta.dirname, '../artifacts/screenshots');
    mkdirSync(shots, { recursive: true });
    await stage.page.setViewportSize({ width: 390, height: 844 });
    await stage.page.goto(`${stage.service.url}/demo/merchant`);
    const frame = stage.page.frameLocator('#pay iframe');
    await frame.locator('svg.qr').waitFor();
    await stage.page.locator('#log li[data-type="loaded"]').waitFor();
    await stage.page.screenshot({ path: join(shots, 'epp-demo-pending-phone.png') });
    await frame.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
    await stage.page.locator('#log li[data-type="paid"]').waitFor();
    await stage.page.screenshot({ path: join(shots, 'epp-demo-paid-phone.png') });
    expect(stage.consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);

    await stage.page.setViewportSize({ width: 1280, height: 900 });
    await stage.page.goto(`${stage.service.url}/demo/merchant?mode=small-widgets&color=blue-white`);
    await stage.page.getByRole('button', { name: 'Pay with USDT' }).click();
    await stage.page.frameLocator('dialog[open] iframe').locator('svg.qr').waitFor();
    await stage.page.screenshot({ path: join(shots, 'epp-demo-small-widgets-desktop.png') });
  });
});
