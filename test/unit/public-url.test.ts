import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config/config';
import { paymentLinks } from '../../server/payments/payment-links';
import { TEST_CHAIN } from '../helpers/test-app';

const publicUrl = (value: string): string | undefined => parseConfig({ dataDir: '/tmp/x', publicUrl: value }).publicUrl;

describe('publicUrl, the {base_url} links are built from', () => {
  it('keeps a path prefix and drops the trailing slash, so links never get a double slash', () => {
    expect(publicUrl('https://shop.example/pay/')).toBe('https://shop.example/pay');
    expect(publicUrl('https://shop.example/pay')).toBe('https://shop.example/pay');
    expect(publicUrl('http://127.0.0.1:8080/a/b//')).toBe('http://127.0.0.1:8080/a/b');
    expect(publicUrl('https://Pay.Example/')).toBe('https://pay.example');
    const payment = { id: 'pay_1', amount: 5_000_000n, paidAmount: 0n, memo: 'TT-1', currency: 'USDT' as const };
    const links = paymentLinks(payment, TEST_CHAIN, publicUrl('https://shop.example/pay/')!);
    expect(links.checkout).toBe('https://shop.example/pay/pay/pay_1');
    expect(links.ton).toMatch(/^ton:\/\/transfer\//);
  });

  it.each([
    ['ftp://shop.example/pay', 'must be an http(s) URL'],
    ['shop.example/pay', 'must be an http(s) URL'],
    ['https://shop.example/pay?x=1', 'must be an http(s) URL without query, fragment or credentials'],
    ['https://shop.example/pay#top', 'must be an http(s) URL without query, fragment or credentials'],
    ['https://user:secret@shop.example/pay', 'must be an http(s) URL without query, fragment or credentials'],
  ])('refuses %s, naming the setting', (value, message) => {
    expect(() => publicUrl(value)).toThrow(`config publicUrl: ${message}`);
  });
});
