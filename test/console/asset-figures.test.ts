// The console in two assets: figures, lists, search, the inbox's suggestions and the CSVs keep USDT and
// Toncoin apart. The amounts are chosen so that a query blind to the asset would go wrong: 5000 USDT
// and 5 TON are the same number of base units (5 000 000 000), and 1.5 is a payment in each.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetCode } from '../../contract/asset';
import type { PaymentRowPage, Stats } from '../../contract/console';
import { CloseDayReportSchema } from '../../contract/reports';
import type { InboundTransfer } from '../../server/chain/types';
import { acceptedAssets, parseConfig } from '../../server/config/config';
import { EventLog } from '../../server/events/event-log';
import { PaymentService } from '../../server/payments/payment-service';
import { createTestApp, TEST_CHAIN, type TestApp } from '../helpers/test-app';

const SENDER = 'EQD__________________________________________0vo';

describe('the console keeps USDT and Toncoin apart', () => {
  let t: TestApp;
  let lt = 1n;
  const ids: Record<string, string> = {};

  const consoleGet = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${await t.services.sessions.createSession()}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const arrive = async (asset: AssetCode, amount: bigint, comment: string | null) => {
    const transfer: InboundTransfer = {
      asset,
      txHash: randomBytes(32).toString('hex'),
      lt: lt++,
      utime: Math.floor(t.clock.now() / 1000),
      amount,
      from: SENDER,
      comment,
    };
    await t.services.ledger.creditBatch(`watched-${asset}`, [transfer], { lt: transfer.lt, hash: transfer.txHash });
    return transfer;
  };
  const sale = async (name: string, currency: AssetCode, amount: string, paid: bigint | null) => {
    const { payment } = await t.services.payments.create('invoice', { currency, mainCurrency: 'TON', amount });
    ids[name] = payment.id;
    if (paid !== null) await arrive(currency, paid, payment.memo);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await sale('usdt', 'USDT', '10.00', 10_000_000n);
    await sale('usdtSmall', 'USDT', '1.50', null);
    await sale('ton', 'TON', '1.5', 1_500_000_000n);
    await sale('tonOver', 'TON', '2', 2_250_000_000n);
    await sale('usdtBig', 'USDT', '5000', null);
    await sale('tonFive', 'TON', '5', null);
  });
  afterAll(async () => t.close());

  it('closes the day with a line per asset, USDT at the top level as before', async () => {
    const report = CloseDayReportSchema.parse((await consoleGet('/reports/close-day')).json());
    expect(report.takenIn).toEqual({ count: 1, total: '10.00' });
    expect(report.assets.map((a) => a.currency)).toEqual(['USDT', 'TON']);
    const ton = report.assets.find((a) => a.currency === 'TON')!;
    expect(ton).toMatchObject({
      paid: { count: 1, total: '1.50' },
      overpaid: { count: 1, total: '2.25', extra: '0.25' },
      takenIn: { count: 2, total: '3.75' },
      netTakings: '3.75',
    });
    expect(report.assets.find((a) => a.currency === 'USDT')).toMatchObject({ takenIn: report.takenIn });
  });

  it("writes the close's CSV as a row set per asset, the asset in a last column", async () => {
    const csv = (await consoleGet('/reports/close-day.csv')).body.trim().split('\r\n');
    expect(csv[0]).toBe('store,date,timeZone,figure,count,amount,currency');
    const takenIn = csv.filter((line) => line.includes(',taken_in,'));
    expect(takenIn.map((line) => line.split(',').slice(-3))).toEqual([
      ['1', '10.00', 'USDT'],
      ['2', '3.75', 'TON'],
    ]);
  });

  it("gives the dashboard each asset's takings and volume, never one added to the other", async () => {
    const stats = (await consoleGet('/stats')).json<Stats>();
    expect(stats.today).toEqual({ volume: '10.00', count: 1 });
    expect(stats.assets.map((a) => [a.currency, a.today])).toEqual([
      ['USDT', { volume: '10.00', count: 1 }],
      ['TON', { volume: '3.75', count: 2 }],
    ]);
    expect(stats.assets[1]!.series.at(-1)).toMatchObject({ volume: '3.75', count: 2 });
    expect(stats.takings.today.assets.map((a) => [a.currency, a.takenIn.total])).toEqual([
      ['USDT', '10.00'],
      ['TON', '3.75'],
    ]);
  });

  it('filters the payments by asset and reads a searched amount in each asset’s decimals', async () => {
    const list = async (query: string) =>
      (await consoleGet(`/payments?${query}`)).json<PaymentRowPage>().items.map((p) => [p.id, p.currency, p.amount]);
    expect(await list('currency=TON')).toEqual([
      [ids.tonFive, 'TON', '5.00'],
      [ids.tonOver, 'TON', '2.00'],
      [ids.ton, 'TON', '1.50'],
    ]);
    expect((await list('q=1.5')).map(([id]) => id).sort()).toEqual([ids.usdtSmall, ids.ton].sort());
    expect(await list('q=1,5&currency=USDT')).toEqual([[ids.usdtSmall, 'USDT', '1.50']]);
    // 5 TON and 5000 USDT are the same base units: only the payment of 5 in its own asset matches "5.0"
    expect((await list('q=5.0')).map(([id]) => id)).toEqual([ids.tonFive]);
  });

  it('puts the asset in the payments CSV, before the price columns that came after it', async () => {
    const lines = (await consoleGet('/payments/export.csv?currency=TON')).body.trim().split('\r\n');
    const header = lines[0]!.split(',');
    const at = header.indexOf('currency');
    expect(header.slice(at)).toEqual(['currency', 'price', 'priceCurrency', 'rate', 'shortfall']);
    expect(lines.slice(1).map((line) => line.split(',')[at])).toEqual(['TON', 'TON', 'TON']);
  });

  it('suggests for a memo-less Toncoin transfer only Toncoin payments of its amount', async () => {
    const transfer = await arrive('TON', 5_000_000_000n, null);
    const inbox = (await consoleGet('/transfers/unmatched')).json<{
      items: { txHash: string; suggestions: { id: string }[] }[];
    }>();
    const item = inbox.items.find((i) => i.txHash === transfer.txHash)!;
    expect(item.suggestions.map((s) => s.id)).toEqual([ids.tonFive]);
    const searched = (await consoleGet('/transfers/unmatched?q=5.0')).json<{ items: { txHash: string }[] }>();
    expect(searched.items.map((i) => i.txHash)).toEqual([transfer.txHash]);
  });

  it('tells the console which assets the store takes', async () => {
    const session = (await consoleGet('/session')).json<{ acceptedAssets: AssetCode[] }>();
    expect(session.acceptedAssets).toEqual(['USDT', 'TON']);
  });
});

describe('the assets a store takes', () => {
  const config = (input: object) => parseConfig({ dataDir: '/nowhere', ...input });

  it('are both in sandbox mode and USDT alone on a network, unless the store chose', () => {
    expect(acceptedAssets(config({}))).toEqual(['USDT', 'TON']);
    const mainnet = { mode: 'mainnet', merchantAddress: SENDER };
    expect(acceptedAssets(config({ chain: mainnet }))).toEqual(['USDT']);
    expect(acceptedAssets(config({ chain: mainnet, payments: { acceptedAssets: ['TON', 'USDT'] } }))).toEqual([
      'USDT',
      'TON',
    ]);
    expect(acceptedAssets(config({ payments: { acceptedAssets: ['TON'] } }))).toEqual(['TON']);
  });

  it('must be at least one, each once', () => {
    expect(() => config({ payments: { acceptedAssets: [] } })).toThrow(/at least one asset/);
    expect(() => config({ payments: { acceptedAssets: ['TON', 'TON'] } })).toThrow(/twice/);
    expect(() => config({ payments: { acceptedAssets: ['BTC'] } })).toThrow(/unsupported currency/);
  });
});

describe('Settings → the assets the store takes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = async (method: 'GET' | 'PUT', payments?: object) =>
    t.app.inject({
      method,
      url: '/console/api/settings',
      headers: { authorization: `Bearer ${await t.services.sessions.createSession()}` },
      ...(payments
        ? {
            payload: {
              chain: { mode: 'sandbox' },
              payments: { defaultExpirySeconds: 1800, monitoringWindowSeconds: 3600, ...payments },
              allowedOrigins: [],
            },
          }
        : {}),
    });
  const savedFile = () =>
    (JSON.parse(readFileSync(join(t.dataDir, 'config.json'), 'utf8')) as { payments: object }).payments;

  it('saves the choice to config.json, applied at the next start as the other payment settings are', async () => {
    expect((await call('GET')).json()).toMatchObject({ running: { payments: { acceptedAssets: ['USDT', 'TON'] } } });
    const saved = await call('PUT', { acceptedAssets: ['TON'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      running: { payments: { acceptedAssets: ['USDT', 'TON'] } },
      saved: { payments: { acceptedAssets: ['TON'] } },
      restartRequired: true,
    });
    expect(savedFile()).toMatchObject({ acceptedAssets: ['TON'] });
    // a console that sends no choice (one from before Toncoin) leaves the saved one alone
    expect((await call('PUT', {})).json()).toMatchObject({ saved: { payments: { acceptedAssets: ['TON'] } } });
  });

  it('refuses a store that takes nothing', async () => {
    const refused = await call('PUT', { acceptedAssets: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { field: 'payments.acceptedAssets' } });
  });

  it('refuses a payment in an asset the store does not take, naming currency', async () => {
    const usdtOnly = new PaymentService({
      rates: { ratesFor: () => Promise.reject(new Error('not asked: the request is in an asset')) },
      pricing: t.services.pricing,
      storage: t.storage,
      bus: t.services.bus,
      events: new EventLog(t.services.bus, t.clock, (err) => {
        throw err;
      }),
      clock: t.clock,
      chain: { ...TEST_CHAIN },
      publicUrl: () => 'http://127.0.0.1:8787',
      policy: {
        maxAmount: () => 10n ** 15n,
        defaultExpirySeconds: 1800,
        monitoringWindowSeconds: 3600,
        acceptedAssets: () => ['USDT'],
      },
    });
    // create refuses before it opens a unit of work, as for an amount it cannot take
    await expect(usdtOnly.create('invoice', { currency: 'TON', mainCurrency: 'TON', amount: '1.5' })).rejects.toThrow(
      'currency: This store does not take TON payments; it takes USDT',
    );
    expect(await t.services.payments.list({ limit: 200 })).not.toContainEqual(
      expect.objectContaining({ currency: 'TON', amount: 1_500_000_000n }),
    );
    const usdt = await usdtOnly.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '1.5' });
    expect(usdt.payment.currency).toBe('USDT');
  });
});
