import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, includes, is } from './e2e-helpers';

interface Seen {
  via: 'dom' | 'option';
  type: string;
  code?: string;
  message?: string;
  container: string;
}

/** A merchant page with its own CSP, one container per signature, and a recorder of every widget event. */
function shopPage(o: {
  csp: string;
  service: string;
  boxes: Array<{ id: string; signature?: string }>;
  init: string;
}): string {
  const boxes = o.boxes.map(
    (b) =>
      `<div id="${b.id}"${b.signature === undefined ? '' : ` signature="${b.signature}"`} style="height:420px"></div>`,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta http-equiv="Content-Security-Policy" content="${o.csp}">
<title>Shop</title><script src="${o.service}/widgets/index-latest.js"></script></head><body>
${boxes.join('\n')}
<script>
window.seen = [];
const keep = (via) => (e) => window.seen.push({ via, type: e.type, code: e.code, message: e.message, container: e.container.id });
document.addEventListener('servicewidget', (e) => keep('dom')(e.detail));
${o.init.replaceAll('ON_ERROR', "onError: keep('option')")}
</script></body></html>`;
}

/** The widget's `error` event, against the real service: refusals, a check that cannot be made, and a frame that never loads. */
describe('ServiceWidget errors, in Chromium', () => {
  const stage = embedStage();

  const seenOf = () => stage.page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
  const errorsOf = async () => (await seenOf()).filter((e) => e.type === 'error');
  const frameSrc = (service: string) => `frame-src 'self' ${service}`;

  it('a page the session does not name gets ORIGIN_NOT_ALLOWED and a readable notice, in both modes, without a frame', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map(() => createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin] })),
    );
    stage.stranger.pages.set(
      '/pay',
      shopPage({
        csp: frameSrc(stage.service.url),
        service: stage.service.url,
        boxes: [
          { id: 'frame', signature: a!.signature },
          { id: 'button', signature: b!.signature },
        ],
        init: `ServiceWidget.init({ container: '#frame', ON_ERROR });
ServiceWidget.init({ container: '#button', mode: 'small-widgets', ON_ERROR });`,
      }),
    );
    await stage.page.goto(`${stage.stranger.origin}/pay`);
    const errors = await eventually(errorsOf, (list) => list.length === 4);
    expect(errors.map((e) => `${e.via}:${e.container}:${e.code}`).sort()).toEqual([
      'dom:button:ORIGIN_NOT_ALLOWED',
      'dom:frame:ORIGIN_NOT_ALLOWED',
      'option:button:ORIGIN_NOT_ALLOWED',
      'option:frame:ORIGIN_NOT_ALLOWED',
    ]);
    expect(errors[0]!.message).toContain(stage.stranger.origin);
    for (const id of ['frame', 'button']) {
      expect(await stage.page.locator(`#${id} [role="alert"]`).innerText()).toContain(
        'This checkout cannot be shown on this site',
      );
      expect(await stage.page.locator(`#${id} [role="alert"]`).innerText()).toContain(stage.stranger.origin);
    }
    expect(await stage.page.locator('iframe, #button button').count()).toBe(0);
    expect((await seenOf()).filter((e) => e.type !== 'error')).toEqual([]);
    expect(stage.consoleLines.join('\n')).toContain('(ORIGIN_NOT_ALLOWED)');
  });

  it('a container without a signature gets SIGNATURE_MISSING and a notice', async () => {
    stage.shop.pages.set(
      '/nosig',
      shopPage({
        csp: frameSrc(stage.service.url),
        service: stage.service.url,
        boxes: [{ id: 'pay' }],
        init: `ServiceWidget.init({ container: '#pay', ON_ERROR });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/nosig`);
    expect((await errorsOf()).map((e) => `${e.via}:${e.code}`)).toEqual([
      'option:SIGNATURE_MISSING',
      'dom:SIGNATURE_MISSING',
    ]);
    expect(await stage.page.locator('#pay [role="alert"]').getAttribute('data-servicewidget-error')).toBe(
      'SIGNATURE_MISSING',
    );
  });

  it('when the check cannot be made (CSP connect-src), the checkout is framed anyway', async () => {
    const s = await createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin] });
    stage.shop.pages.set(
      '/noconnect',
      shopPage({
        csp: `connect-src 'none'; ${frameSrc(stage.service.url)}`,
        service: stage.service.url,
        boxes: [{ id: 'pay', signature: s.signature }],
        init: `ServiceWidget.init({ container: '#pay', ON_ERROR });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/noconnect`);
    await eventually(
      () => stage.page.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(),
      is(s.payment.memo),
    );
    await eventually(async () => (await seenOf()).map((e) => e.type), includes('loaded'));
    expect(stage.consoleLines.join('\n')).toContain(
      'could not ask the service whether this page may embed the checkout',
    );
    expect(await errorsOf()).toEqual([]);
  });

  it('a frame that never reports loaded (frame-src forgot the service) becomes LOAD_TIMEOUT after 15 s', async () => {
    const s = await createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin] });
    stage.shop.pages.set(
      '/nocsp',
      shopPage({
        csp: "frame-src 'self'",
        service: stage.service.url,
        boxes: [{ id: 'pay', signature: s.signature }],
        init: `ServiceWidget.init({ container: '#pay', ON_ERROR });`,
      }),
    );
    // The page's timers run on a fake clock: the test moves it 15 s on instead of waiting.
    await stage.page.clock.install();
    await stage.page.goto(`${stage.shop.origin}/nocsp`);
    await eventually(() => stage.page.locator('#pay iframe').count(), is(1));
    await stage.page.clock.fastForward(14_000);
    expect(await errorsOf()).toEqual([]);
    await stage.page.clock.fastForward(1_000);
    const errors = await eventually(errorsOf, (list) => list.length === 2);
    expect(errors.map((e) => `${e.via}:${e.code}`)).toEqual(['option:LOAD_TIMEOUT', 'dom:LOAD_TIMEOUT']);
    expect(errors[0]!.message).toContain(`frame-src list ${stage.service.url}`);
  });

  it('serviceUrl overrides the service the signature names', async () => {
    const s = await createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin] });
    const byName = stage.service.url.replace('127.0.0.1', 'localhost');
    stage.shop.pages.set(
      '/override',
      shopPage({
        csp: frameSrc(byName),
        service: stage.service.url,
        boxes: [{ id: 'pay', signature: s.signature }],
        init: `ServiceWidget.init({ container: '#pay', serviceUrl: '${byName}', ON_ERROR });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/override`);
    await eventually(
      () => stage.page.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(),
      is(s.payment.memo),
    );
    expect(await stage.page.locator('#pay iframe').getAttribute('src')).toMatch(new RegExp(`^${byName}/embed\\?`));
    await eventually(async () => (await seenOf()).map((e) => e.type), includes('loaded'));
    expect(await errorsOf()).toEqual([]);
  });
});
