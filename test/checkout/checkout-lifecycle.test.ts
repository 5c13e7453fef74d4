import { beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/build-web';
import { languageOf } from '../../server/payment-pages/page-html';
import { formatLeft } from '../../checkout/render';
import { pickLang } from '../../checkout/i18n';
import { createTestApp, QUICK_START } from '../helpers/test-app';
import { createDeposit, startService } from '../e2e/e2e-helpers';

describe('checkout without a sandbox runtime', () => {
  beforeAll(async () => {
    await buildWeb();
  });

  it('has no sandbox pay route and no demo shop, but pages and status work', async () => {
    const t = await createTestApp();
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/invoice/deposit',
        headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
        payload: JSON.stringify(QUICK_START),
      });
      const id = (created.json() as { id: string }).id;
      const pay = await t.app.inject({ method: 'POST', url: `/pay/${id}/sandbox-pay` });
      expect(pay.statusCode).toBe(404);
      expect(pay.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect((await t.app.inject({ method: 'GET', url: '/demo/merchant' })).statusCode).toBe(404);
      const page = await t.app.inject({ method: 'GET', url: `/pay/${id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('data-sandbox');
      expect((await t.app.inject({ method: 'GET', url: `/pay/${id}/status` })).json()).toMatchObject({
        id,
        status: 'pending',
      });
    } finally {
      await t.close();
    }
  });
});

describe('server close with open status streams', () => {
  it('ends the streams and closes promptly instead of waiting for browsers', async () => {
    const service = await startService();
    const deposit = await createDeposit(service, {});
    const streams = await Promise.all([1, 2, 3].map(() => fetch(`${service.url}/pay/${deposit.id}/events`)));
    const ended = streams.map(async (res) => {
      const reader = res.body!.getReader();
      while (!(await reader.read()).done) {
        /* drain until the server ends it */
      }
      return true;
    });
    await service.close();
    expect(await Promise.all(ended)).toEqual([true, true, true]);
  });
});

describe('small pure pieces', () => {
  it('formats the countdown', () => {
    expect(formatLeft(0)).toBe('00:00');
    expect(formatLeft(-5000)).toBe('00:00');
    expect(formatLeft(61_001)).toBe('01:02');
    expect(formatLeft(3_600_000)).toBe('1:00:00');
    expect(formatLeft(29 * 60_000 + 59_500)).toBe('30:00');
  });

  it('picks the first language it speaks from the browser languages, English by default', () => {
    expect(pickLang(['ru-RU', 'en'])).toBe('ru');
    expect(pickLang(['fr-FR', 'de-DE', 'ru'])).toBe('de');
    expect(pickLang(['pt-BR'])).toBe('pt');
    expect(pickLang([null, 'en-GB', 'ru'])).toBe('en');
    expect(pickLang(['fr'])).toBe('en');
    expect(pickLang([])).toBe('en');
    expect(languageOf('ru,en;q=0.8')).toBe('ru');
    expect(languageOf(undefined)).toBe('en');
  });
});
