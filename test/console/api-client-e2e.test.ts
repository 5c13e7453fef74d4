import { build } from 'esbuild';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInConsole } from './console-harness';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The console's own API client (renderer/api/client.ts), bundled as it is and run in the logged-in
 * console page against the real service: each call names the contract schema its answer must fit.
 */
const PROBE = `
import { ApiError, get } from './renderer/api/client';
import { WatcherStatusViewSchema } from './contract/chain';
import { PaymentDetailSchema, StatsSchema } from './contract/console';
const outcome = (call) => call.then(
  (value) => ({ ok: true, value }),
  (err) => ({ ok: false, apiError: err instanceof ApiError, status: err.status, code: err.code, message: String(err.message ?? err) }));
window.probe = {
  watcher: () => outcome(get(WatcherStatusViewSchema, '/watcher')),
  watcherReadAsStats: () => outcome(get(StatsSchema, '/watcher')),
  missingPayment: () => outcome(get(PaymentDetailSchema, '/payments/pay_0000000000000000000000')),
};`;

type Outcome =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; apiError: boolean; status: number; code: string; message: string };
declare const probe: Record<'watcher' | 'watcherReadAsStats' | 'missingPayment', () => Promise<Outcome>>;

describe('the console API client parses every answer at its edge', () => {
  const signedIn = useSignedInConsole();

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: PROBE, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    await signedIn.page.evaluate(bundle.outputFiles[0]!.text);
  }, 120_000);

  it('hands over an answer that fits its schema', async () => {
    const result = await signedIn.page.evaluate(() => probe.watcher());
    expect(result).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
  });

  it('turns an answer of another shape into BAD_RESPONSE naming the path and the first problem', async () => {
    const result = await signedIn.page.evaluate(() => probe.watcherReadAsStats());
    expect(result).toMatchObject({ ok: false, apiError: true, status: 200, code: 'BAD_RESPONSE' });
    expect(result.ok || result.message).toMatch(/^GET \/console\/api\/watcher answered in an unexpected shape \(now: /);
  });

  it('reads the service error body into the ApiError', async () => {
    const result = await signedIn.page.evaluate(() => probe.missingPayment());
    expect(result).toMatchObject({ ok: false, apiError: true, status: 404, code: 'PAYMENT_NOT_FOUND' });
  });
});
