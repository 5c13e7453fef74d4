// The books for both assets on the emulated chain: the USDT jetton wallet's balance against the
// ledger, and what the store wallet received in Toncoin against the Toncoin transfers the ledger
// recorded; the store wallet's own sends and the value that is no payment are explained, not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { comment, external, internal, SendMode } from '@ton/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationView } from '../../contract/chain';
import type { StoredEvent } from '../../server/storage/records';
import { serviceFile } from '../../server/index';
import { ManualClock, tempDir } from '../helpers/test-app';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/test-database';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

describe('the books for USDT and for Toncoin', () => {
  const dir = tempDir();
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  let token: string;

  /** The service on the one data directory; a restart keeps the ledger and the chain. */
  async function start(): Promise<void> {
    server = await startTestServer({ dataDir: dir.path, clock });
    await untilWatching(server);
    token = (JSON.parse(readFileSync(serviceFile(dir.path), 'utf8')) as { consoleToken: string }).consoleToken;
  }
  beforeAll(start);
  afterAll(async () => {
    await server.close();
    dir.remove();
  });

  const sandbox = () => server.chain.sandbox!;
  const reconcile = async (asset: 'USDT' | 'TON') => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/console/api/chain/reconciliation${asset === 'TON' ? '?asset=TON' : ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReconciliationView;
  };
  const invoice = async (currency: 'USDT' | 'TON', amount: string) =>
    (await server.services.payments.create('invoice', { currency, mainCurrency: 'TON', amount })).payment;
  /** a real Toncoin transfer to the store wallet, read by the watcher; the store wallet's transaction hash */
  const payToncoin = async (opts: Parameters<ReturnType<typeof sandbox>['payToncoin']>[0]) => {
    const txs = await sandbox().payToncoin(opts);
    await server.watcher.pollNow();
    const store = BigInt(`0x${sandbox().merchantAddress.hash.toString('hex')}`);
    return txs.filter((tx) => tx.address === store).map((tx) => tx.hash().toString('hex'));
  };
  /** the merchant's wallet sends Toncoin elsewhere, as its wallet app would (a withdrawal) */
  const merchantWithdraws = async (nanotons: bigint) => {
    const { contract, keys } = sandbox().wallets().merchant;
    const seqno = (await sandbox().source().runGetMethod(contract.address, 'seqno')).readNumber();
    const body = contract.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      timeout: Math.floor(clock.now() / 1000) + 300,
      messages: [internal({ to: sandbox().exchangeAddress, value: nanotons, bounce: false, body: comment('out') })],
    });
    await sandbox().sendExternal(external({ to: contract.address, body }));
    await server.watcher.pollNow();
  };

  it('balance both: USDT on the jetton wallet, and every Toncoin payment the store wallet received in the ledger', async () => {
    const ton = await invoice('TON', '1.5');
    await payToncoin({ amount: 1_500_000_000n, comment: ton.memo });
    await payToncoin({ amount: 250_000_000n, comment: 'no memo of ours' });
    await payToncoin({ amount: 300_000_000n, comment: ton.memo, case: 'bounced' });
    await payToncoin({ amount: 0n, case: 'from-contract' });
    await merchantWithdraws(400_000_000n);
    // USDT last: the Toncoin transactions come before the jetton wallet's newest one
    const usdt = await invoice('USDT', '10.00');
    await server.simulator!.pay({ paymentId: usdt.id });

    // the USDT books count only USDT transfers: the Toncoin ones arrive on another account
    const books = await reconcile('USDT');
    expect(books).toMatchObject({ asset: 'USDT', onChainBalance: '10.00', ledgerBalance: '10.00', difference: '0.00' });
    expect(books.explained).toBeUndefined();

    const toncoin = await reconcile('TON');
    expect(toncoin).toMatchObject({
      asset: 'TON',
      account: sandbox().merchantAddress.toRawString(),
      onChainBalance: '1.75',
      ledgerBalance: '1.75',
      difference: '0.00',
      unrecorded: [],
    });
    const explained = toncoin.explained!.map((e) => [e.kind, e.reason]);
    expect(explained).toEqual(
      expect.arrayContaining([
        // the withdrawal, the payer's refused transfer coming back bounced, a contract's excesses
        ['sent', null],
        ['returned', null],
        ['other', 'contract_call'],
      ]),
    );
    const sent = toncoin.explained!.find((e) => e.kind === 'sent');
    expect(sent).toMatchObject({ amount: '0.40' });
    expect(BigInt(sent!.fee.replace('.', ''))).toBeGreaterThan(0n);
  });

  it('reports a Toncoin transfer missing from the ledger, named, and announces ledger.discrepancy with asset TON', async () => {
    const ton = await invoice('TON', '0.75');
    const [hidden] = await payToncoin({ amount: 750_000_000n, comment: ton.memo });
    // test-only: take the recorded transfer out of the ledger while the service is down
    await server.close();
    expect(await deleteTransfer(dir.path, hidden!)).toBe(1);
    await start();
    const announced: StoredEvent[] = [];
    const stop = server.services.bus.onCommitted((event) => void announced.push(event));
    const toncoin = await reconcile('TON');
    await reconcile('TON');
    stop();
    expect(toncoin).toMatchObject({ asset: 'TON', onChainBalance: '2.50', ledgerBalance: '1.75', difference: '0.75' });
    expect(toncoin.unrecorded).toEqual([expect.objectContaining({ txHash: hidden, kind: 'in', effect: '0.75' })]);
    expect(announced.map((e) => e.type)).toEqual(['ledger.discrepancy']);
    expect(announced[0]!.data).toMatchObject({ asset: 'TON', difference: '0.75' });
    // the USDT books are untouched by it
    expect(await reconcile('USDT')).toMatchObject({ difference: '0.00' });
  });
});

/** Test-only: deletes a recorded transfer from the ledger of a stopped service, on either engine; how many rows went. */
async function deleteTransfer(dataDir: string, txHash: string): Promise<number> {
  if (TEST_ENGINE === 'sqlite') {
    const db = new Database(join(dataDir, 'tontill.db'));
    try {
      return db.prepare('DELETE FROM transfers WHERE tx_hash = ?').run(txHash).changes;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: await testDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query('DELETE FROM transfers WHERE tx_hash = $1', [txHash])).rowCount ?? 0;
  } finally {
    await client.end();
  }
}
