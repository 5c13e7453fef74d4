import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgs, spawnService, stopService, type ServiceProcess } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run simulate and the console chain API against a running service', () => {
  const dir = tempDir();
  let service: ServiceProcess;
  let apiKey: string;
  beforeAll(async () => {
    service = await spawnService(dir.path);
    const { stdout } = await run(process.execPath, cliArgs('keys', ['create', '--data-dir', dir.path]), { cwd: ROOT });
    apiKey = stdout.trim().split('\n').at(-1)!;
  });
  afterAll(async () => {
    await stopService(service);
    dir.remove();
  });

  const simulate = (...args: string[]) =>
    run(process.execPath, cliArgs('simulate', ['pay', ...args, '--data-dir', dir.path]), { cwd: ROOT }).then(
      (r) => r.stdout,
    );
  const consoleApi = (path: string, init: RequestInit = {}) =>
    fetch(`${service.url}/console/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${service.consoleToken}`, 'content-type': 'application/json' },
    });
  const createPayment = async (currency: 'USDT' | 'TON' = 'USDT') =>
    (await (
      await fetch(`${service.url}/crypto/deposit/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ currency, mainCurrency: 'TON', amount: '10.00' }),
      })
    ).json()) as { id: string; memo: string };

  it('pays partially, refuses a fake jetton, then completes the payment', async () => {
    const payment = await createPayment();
    expect(await simulate(payment.id, '--amount', '4.00')).toContain(
      `payment ${payment.id}: partially_paid, paid 4.00 of 10.00 USDT, due 6.00`,
    );
    expect(await simulate(payment.id, '--case', 'fake-jetton')).toContain('partially_paid, paid 4.00 of 10.00');
    expect(await simulate(payment.id, '--case', 'forged')).toContain('partially_paid, paid 4.00 of 10.00');
    expect(await simulate(payment.id, '--case', 'zero-forward')).toContain('paid, paid 10.00 of 10.00 USDT, due 0.00');
  });

  it('pays a Toncoin payment in Toncoin, and refuses the jetton-only cases for it', async () => {
    const payment = await createPayment('TON');
    expect(await simulate(payment.id, '--amount', '0.000000001')).toContain(
      `payment ${payment.id}: pending, paid 0.00 of 10.00 TON`,
    );
    expect(await simulate(payment.id, '--amount', '2.5')).toContain('partially_paid, paid 2.50 of 10.00 TON, due 7.50');
    await expect(simulate(payment.id, '--case', 'fake-jetton')).rejects.toMatchObject({
      stderr: expect.stringContaining('plain transfer'),
    });
    expect(await simulate(payment.id)).toContain('paid, paid 10.00 of 10.00 TON, due 0.00');
  });

  it("withdraws from the merchant's wallet, and the books still balance against the chain", async () => {
    const out = await run(process.execPath, cliArgs('simulate', ['withdraw', '2.50', '--data-dir', dir.path]), {
      cwd: ROOT,
    });
    expect(out.stdout).toMatch(/the merchant's wallet sent 2\.50 USDT to \S+: \d+ transaction\(s\)/);
    const books = (await (await consoleApi('/chain/reconciliation')).json()) as Record<string, unknown>;
    // 4.00 + 6.00 paid above, 2.50 sent
    expect(books).toMatchObject({ onChainBalance: '7.50', ledgerBalance: '7.50', difference: '0.00' });
  });

  it('explains a bad payment id instead of crashing', async () => {
    await expect(simulate('pay_nope')).rejects.toMatchObject({ stderr: expect.stringContaining('paymentId') });
  });

  it('reports the watcher status', async () => {
    const status = (await (await consoleApi('/watcher')).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ mode: 'sandbox', running: true, consecutiveErrors: 0, lastError: null });
    expect(typeof status.lastPollAt).toBe('string');
  });

  it('puts a comment-less transfer in the unmatched inbox, then attaches it', async () => {
    const payment = await createPayment();
    await simulate(payment.id, '--case', 'no-comment');
    const inbox = (await (await consoleApi('/transfers/unmatched')).json()) as {
      items: Array<{ txHash: string; comment: string | null }>;
    };
    const transfer = inbox.items.find((t) => t.comment === null)!;
    const bad = await consoleApi(`/transfers/${transfer.txHash}/attach`, {
      method: 'POST',
      body: JSON.stringify({ paymentId: 'x' }),
    });
    expect(bad.status).toBe(400);
    const res = await consoleApi(`/transfers/${transfer.txHash}/attach`, {
      method: 'POST',
      body: JSON.stringify({ paymentId: payment.id, note: 'phoned in' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('paid');
    const again = await consoleApi(`/transfers/${transfer.txHash}/dismiss`, {
      method: 'POST',
      body: JSON.stringify({ note: 'sent twice' }),
    });
    expect(again.status).toBe(409);
  });

  it('does not open the console API with a merchant API key', async () => {
    const res = await fetch(`${service.url}/console/api/watcher`, { headers: { 'x-api-key': apiKey } });
    expect(res.status).toBe(401);
  });

  const merchantApi = async <T>(path: string, body?: object) =>
    (await (
      await fetch(`${service.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    ).json()) as T;
  const refundCli = (refundId: string, ...args: string[]) =>
    run(process.execPath, cliArgs('simulate', ['refund', refundId, ...args, '--data-dir', dir.path]), {
      cwd: ROOT,
    }).then((r) => r.stdout);

  it("plays the merchant's wallet sending a refund: one unit short it is not taken for the refund, exact it is sent", async () => {
    const payment = await createPayment();
    await simulate(payment.id);
    const refund = await merchantApi<{ id: string }>(`/crypto/payment/${payment.id}/refunds`, { amount: '1.00' });
    expect(await refundCli(refund.id, '--case', 'short')).toMatch(
      new RegExp(`refund ${refund.id} of 1\\.00 USDT to \\S+: awaiting_signature`),
    );
    expect(await refundCli(refund.id)).toMatch(
      new RegExp(
        `sent the exact refund: \\d+ transaction\\(s\\)[\\s\\S]*refund ${refund.id} of 1\\.00 USDT to \\S+: sent`,
      ),
    );
  });

  it("plays a wallet that had a refund's QR code open when it was cancelled: it sends it anyway, and the refund counts", async () => {
    const payment = await createPayment();
    await simulate(payment.id);
    const refund = await merchantApi<{ id: string }>(`/crypto/payment/${payment.id}/refunds`, { amount: '4.00' });
    expect(await merchantApi(`/crypto/payment/${payment.id}/refunds/${refund.id}/cancel`, {})).toMatchObject({
      status: 'cancelled',
    });
    expect(await refundCli(refund.id)).toMatch(new RegExp(`refund ${refund.id} of 4\\.00 USDT to \\S+: sent`));
    expect(await merchantApi(`/crypto/payment/${payment.id}`)).toMatchObject({ refundedAmount: '4.00' });
  });
});
