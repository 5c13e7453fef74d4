import qrcode from 'qrcode-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { cartItems } from '../../server/payment-pages/receipt-html';
import { qrSvgMarkup } from '../../server/payment-pages/receipt-qr';
import { RECEIPT_STYLES } from '../../server/payment-pages/receipt-style';
import { STORE_PROFILE_KEY } from '../../server/payment-pages/store-profile';
import { startTestServer, type TestServer } from '../helpers/test-server';

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

/** GET /pay/:id/receipt against the whole service on the sandbox chain: who gets a receipt, and what it may run. */
describe('receipt page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.services.settings.set(STORE_PROFILE_KEY, { name: 'Café "Ø" <b>&', contact: 'hello@cafe.example' });
  });
  afterAll(async () => server?.dispose());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const create = async (body: object): Promise<PublicPayment> => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      headers: { 'x-api-key': server.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '10.00', ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('a paid payment: the receipt, with no script, its style pinned by hash, and every text escaped', async () => {
    const payment = await create({
      externalId: `order-${XSS}`,
      description: XSS,
      metadata: { secret: 'metadata-never-shown' },
    });
    await server.simulator!.pay({ paymentId: payment.id });
    const res = await get(`/pay/${payment.id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src ${RECEIPT_STYLES['80mm'].source}`);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    const html = res.body;
    expect(html).not.toMatch(/<script|<[^>]*\s(on\w+|style)=|<img src=x/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<h1>Café &quot;Ø&quot; &lt;b&gt;&amp;</h1>');
    expect(html).toContain('10.00 USDT');
    expect(html).not.toContain('metadata-never-shown');
    expect(html).toMatch(/<svg class="qr"[^>]*>/);
    // the sandbox's transactions have no explorer page: the hash, never a link
    expect(html).toContain('(sandbox)');
    expect(html).not.toContain('sandbox:tx');
  });

  it('a sale tipped at the till reads Subtotal, Tip and Total; an untipped one its amount', async () => {
    const { payment } = await server.services.payments.create(
      'invoice',
      { currency: 'USDT', mainCurrency: 'TON', amount: '14.38' },
      { tip: 1_880_000n },
    );
    await server.simulator!.pay({ paymentId: payment.id });
    const html = (await get(`/pay/${payment.id}/receipt`)).body;
    expect(html).toContain(
      '<dt>Subtotal</dt><dd>12.50 USDT</dd><dt>Tip</dt><dd>1.88 USDT</dd><dt>Total</dt><dd>14.38 USDT</dd>',
    );
    const untipped = await create({});
    await server.simulator!.pay({ paymentId: untipped.id });
    const plain = (await get(`/pay/${untipped.id}/receipt`)).body;
    expect(plain).toContain('<dt>Amount</dt><dd>10.00 USDT</dd>');
    expect(plain).not.toContain('Tip');
  });

  it('a Toncoin sale tipped at the till reads in TON, its tip and subtotal at nine decimals, the asset named', async () => {
    const { payment } = await server.services.payments.create(
      'invoice',
      { currency: 'TON', mainCurrency: 'TON', amount: '1.65' },
      { tip: 150_000_000n },
    );
    await server.simulator!.pay({ paymentId: payment.id });
    const html = (await get(`/pay/${payment.id}/receipt`)).body;
    expect(html).toContain(
      '<dt>Subtotal</dt><dd>1.50 TON</dd><dt>Tip</dt><dd>0.15 TON</dd><dt>Total</dt><dd>1.65 TON</dd>',
    );
    expect(html).toMatch(/<p class="line">1\.65 TON · /);
    expect(html).toContain('<footer>Paid in Toncoin (Gram) on the TON network</footer>');
    expect(html).not.toContain('USDT');
  });

  it('each paper has its own page rules; an unknown paper is the default 80 mm', async () => {
    const payment = await create({});
    await server.simulator!.pay({ paymentId: payment.id });
    const cssOf = async (query: string) => {
      const res = await get(`/pay/${payment.id}/receipt${query}`);
      expect(res.statusCode).toBe(200);
      return /<style>(.*)<\/style>/s.exec(res.body)![1];
    };
    expect(await cssOf('?paper=58mm')).toContain('@page{size:58mm 297mm;margin:0}');
    expect(await cssOf('?paper=a4')).toContain('@page{size:A4;margin:15mm}');
    expect(await cssOf('?paper=80mm')).toContain('@page{size:80mm 297mm;margin:0}');
    expect(await cssOf('?paper=letter')).toBe(RECEIPT_STYLES['80mm'].css);
  });

  it('no receipt before the payment is paid, for an unknown id, or a malformed one: a readable 404 page', async () => {
    const pending = await create({});
    const unpaid = await get(`/pay/${pending.id}/receipt`);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.headers['content-type']).toContain('text/html');
    expect(unpaid.body).toContain('No receipt yet');
    expect(unpaid.body).toContain(`href="../${pending.id}"`);
    await server.simulator!.pay({ paymentId: pending.id, amount: '4.00' });
    expect((await get(`/pay/${pending.id}/receipt`)).body).toContain('No receipt yet');
    for (const path of ['/pay/pay_0000000000000000000000/receipt', '/pay/nope/receipt', '/pay/%3Cscript%3E/receipt']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Receipt not found');
      expect(res.body).not.toContain('<script');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    }
  });

  it('a partial payment that is refunded gets a receipt showing the refund as pending until it is sent', async () => {
    const payment = await create({ amount: '6.00' });
    await server.simulator!.pay({ paymentId: payment.id, amount: '2.50' });
    const refund = await server.app.inject({
      method: 'POST',
      url: `/crypto/payment/${payment.id}/refunds`,
      headers: { 'x-api-key': server.apiKey },
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const pending = await get(`/pay/${payment.id}/receipt`);
    expect(pending.statusCode).toBe(200);
    expect(pending.body).toContain('data-refund="pending"');
    expect(pending.body).toContain('Refund of 2.50 USDT pending');
    await server.simulator!.refund({ refundId: refund.json().id });
    const sent = (await get(`/pay/${payment.id}/receipt`)).body;
    expect(sent).toContain('data-refund="sent"');
    expect(sent).toMatch(/<dt>Refunded<\/dt><dd>−2\.50 USDT<\/dd>/);
  });

  it('reads the till cart out of the description; any other description stays text', () => {
    expect(cartItems('2 × Espresso, 1 × Croissant, with jam')).toEqual([
      { quantity: '2', name: 'Espresso' },
      { quantity: '1', name: 'Croissant, with jam' },
    ]);
    expect(cartItems('Order for table 4')).toBeNull();
    expect(cartItems('3 × Tea, and a cake')).toEqual([{ quantity: '3', name: 'Tea, and a cake' }]);
  });

  it('the QR code draws exactly the dark modules of the encoded URL', () => {
    const url = 'https://shop.example/pay/pay_0000000000000000000000/receipt';
    const qr = qrcode(0, 'M');
    qr.addData(url);
    qr.make();
    const drawn = new Set<string>();
    const d = /<path d="([^"]+)"/.exec(qrSvgMarkup(url, 'label'))![1]!;
    for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(run); i++) drawn.add(`${Number(x) - 4 + i},${Number(y) - 4}`);
    }
    const dark = new Set<string>();
    for (let row = 0; row < qr.getModuleCount(); row++) {
      for (let col = 0; col < qr.getModuleCount(); col++) if (qr.isDark(row, col)) dark.add(`${col},${row}`);
    }
    expect(drawn).toEqual(dark);
  });
});
