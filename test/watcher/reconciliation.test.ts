import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationView, WithdrawResult } from '../../contract/chain';
import { verifySignature } from '../../server/webhooks/verify-signature';
import { serviceFile } from '../../server/index';
import { ManualClock, tempDir } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { Receiver, waitUntil } from '../webhooks/receiver';

/**
 * The books against the chain on the sandbox: every movement of the merchant's jetton wallet is a
 * real emulated transaction, and the balance is what the wallet contract itself reports.
 */
describe('reconciliation: the ledger against the jetton wallet on chain', () => {
  const dir = tempDir();
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  let receiver: Receiver;
  let secret: string;
  let token: string;

  /** The service on the one data directory; a restart keeps the ledger and the chain. */
  async function start(): Promise<void> {
    server = await startTestServer({ dataDir: dir.path, clock });
    token = (JSON.parse(readFileSync(serviceFile(dir.path), 'utf8')) as { consoleToken: string }).consoleToken;
  }

  beforeAll(async () => {
    await start();
    receiver = await Receiver.start();
    ({ secret } = await server.services.webhooks.createEndpoint({
      url: receiver.url(),
      events: ['ledger.discrepancy'],
    }));
  });
  afterAll(async () => {
    await server.close();
    await receiver.stop();
    dir.remove();
  });

  const consoleCall = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.app.inject({
      method,
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as T };
  };
  const reconcile = () => consoleCall<ReconciliationView>('GET', '/chain/reconciliation');
  const invoice = async (amount: string) =>
    (await server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;

  it('balances after payments, an overpayment, an unmatched transfer, a bounce that came back and a withdrawal', async () => {
    const exact = await invoice('10.00');
    const over = await invoice('5.00');
    await server.simulator!.pay({ paymentId: exact.id });
    await server.simulator!.pay({ paymentId: over.id, amount: '7.25' });
    await server.simulator!.pay({ paymentId: exact.id, comment: 'no memo of ours', amount: '3.00' });
    await server.simulator!.pay({ paymentId: exact.id, case: 'bounced', amount: '1.50' });
    const withdrawal = await consoleCall<WithdrawResult>('POST', '/simulator/withdraw', { amount: '12.00' });
    expect(withdrawal.status).toBe(200);
    expect(withdrawal.body).toMatchObject({ amount: '12.00', to: server.chain.sandbox!.exchangeAddress.toString() });

    const { status, body } = await reconcile();
    expect(status).toBe(200);
    // 10 + 7.25 + 3 (unmatched) + 1.50 (came back) - 12 (sent)
    expect(body).toMatchObject({ onChainBalance: '9.75', ledgerBalance: '9.75', difference: '0.00', unrecorded: [] });
    const account = server.chain.watchedAccount.toRawString();
    expect(body.account).toBe(account);
    const cursor = await server.services.ledger.cursor(account);
    expect(body.atLt).toBe(cursor!.lt.toString());
  });

  it('a movement hidden from the ledger makes the books differ by its amount, named, and fires ledger.discrepancy once', async () => {
    const hidden = await invoice('4.00');
    const { txHashes } = await server.simulator!.pay({ paymentId: hidden.id });
    // test-only: take the credited transfer out of the ledger while the service is down
    await server.close();
    const removed = hideTransfer(dir.path, txHashes);
    await start();
    const { body } = await reconcile();
    expect(body).toMatchObject({ onChainBalance: '13.75', ledgerBalance: '9.75', difference: '4.00' });
    expect(body.unrecorded).toEqual([expect.objectContaining({ txHash: removed, kind: 'in', effect: '4.00' })]);

    await waitUntil(() => receiver.received.length > 0, 'the ledger.discrepancy webhook');
    await reconcile();
    const [delivery, ...more] = receiver.received;
    expect(more).toEqual([]);
    expect(delivery!.event.type).toBe('ledger.discrepancy');
    expect(delivery!.event.data).toMatchObject({
      difference: '4.00',
      unrecorded: [expect.objectContaining({ txHash: removed })],
    });
    const header = delivery!.headers['tontill-signature'];
    expect(verifySignature(delivery!.raw, header, secret, { nowSeconds: Math.floor(clock.now() / 1000) }).ok).toBe(
      true,
    );
  });

  it('is sandbox-only to withdraw, and names a bad recipient', async () => {
    const bad = await consoleCall<{ error: { field: string } }>('POST', '/simulator/withdraw', {
      amount: '1.00',
      to: 'nowhere',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('to');
  });
});

/** Deletes the one transfer among `txHashes` that the ledger holds; returns its hash. */
function hideTransfer(dataDir: string, txHashes: string[]): string {
  const db = new Database(join(dataDir, 'tontill.db'));
  try {
    const row = db
      .prepare(`SELECT tx_hash FROM transfers WHERE tx_hash IN (${txHashes.map(() => '?').join(',')})`)
      .get(...txHashes) as { tx_hash: string };
    db.prepare('DELETE FROM transfers WHERE tx_hash = ?').run(row.tx_hash);
    return row.tx_hash;
  } finally {
    db.close();
  }
}
