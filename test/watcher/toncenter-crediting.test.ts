import type { Transaction } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import type { Payment } from '../../server/storage/records';
import { onAccount, sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble, type ToncenterDouble, type ToncenterFaults } from '../chain/toncenter-double';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/**
 * The testnet/mainnet path end to end: real sandbox transactions served in toncenter v2 format by a
 * loopback double, read by TonClient inside the real service, credited by the real ledger.
 */
describe('crediting through toncenter with faults', () => {
  let chain: SandboxChain;
  let double: ToncenterDouble;
  let server: TestServer;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    chain = await SandboxChain.open({ now: () => Math.floor(clock.now() / 1000) });
    double = await startToncenterDouble({ runGetMethod: sandboxGetMethods(chain) });
    // the merchant's jetton wallet already has history (its deployment): the node serves it too
    double.addTransactions(
      chain.merchantJettonWallet,
      await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 }),
    );
    server = await startTestServer({
      clock,
      config: {
        chain: {
          mode: 'testnet',
          merchantAddress: chain.merchantAddress.toString(),
          jettonMaster: chain.jettonMaster.toString(),
          toncenterEndpoint: double.endpoint,
          toncenterRps: 1000,
          pollIntervalMs: 600_000,
          watcherBatchSize: 3,
        },
      },
    });
    await untilWatching(server);
    await server.watcher.pollNow();
  });
  afterAll(async () => {
    await server.dispose();
    await double.close();
  });

  const watched = () => server.chain.watchedAccount;

  async function payOnChain(payment: Payment, amount = payment.amount): Promise<Transaction[]> {
    const txs = await chain.pay({ amount, comment: payment.memo });
    double.addTransactions(
      watched(),
      txs.filter((tx) => onAccount(tx, watched())),
    );
    return txs;
  }

  async function createPayments(n: number): Promise<Payment[]> {
    const created = await Promise.all(
      Array.from({ length: n }, () =>
        server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '2.50' }),
      ),
    );
    return created.map((c) => c.payment);
  }

  /** Every payment paid exactly once: one credited transfer each, paidAmount equal to amount. */
  async function expectCreditedOnce(payments: Payment[]): Promise<void> {
    for (const p of payments) {
      const after = await server.services.payments.get(p.id);
      expect(after.status).toBe('paid');
      expect(after.paidAmount).toBe(p.amount);
      expect(await server.services.ledger.creditedTo(p.id)).toHaveLength(1);
    }
  }

  async function pollThrough(faults: Partial<ToncenterFaults>): Promise<void> {
    double.setFaults(faults);
    await server.watcher.pollNow().catch(() => undefined);
    double.setFaults({
      rateLimited: 0,
      gatewayTimeouts: 0,
      rejected: 0,
      lag: 0,
      hidden: [],
      ignoreCursor: 0,
      repeatPage: 0,
    });
    await server.watcher.pollNow();
    await server.watcher.pollNow();
  }

  it('verified the merchant jetton wallet through get_wallet_address and get_wallet_data', () => {
    expect(watched().equals(chain.merchantJettonWallet)).toBe(true);
  });

  it('credits across pages and batches', async () => {
    const payments = await createPayments(7);
    for (const p of payments) await payOnChain(p);
    await server.watcher.pollNow();
    await expectCreditedOnce(payments);
  });

  const faults: Array<[string, Partial<ToncenterFaults>]> = [
    ['HTTP 429', { rateLimited: 1 }],
    ['HTTP 504', { gatewayTimeouts: 1 }],
    ['ok:false', { rejected: 1 }],
    ['a lagging node', { lag: 2 }],
    ['the same page twice', { repeatPage: 1 }],
    ['a node that ignores the cursor', { ignoreCursor: 1 }],
  ];
  for (const [name, fault] of faults) {
    it(`credits every payment exactly once after ${name}`, async () => {
      const payments = await createPayments(4);
      for (const p of payments) await payOnChain(p);
      await pollThrough(fault);
      await expectCreditedOnce(payments);
    });
  }

  it('stops at a history gap, credits nothing past it, and resumes when it heals', async () => {
    const payments = await createPayments(4);
    const hashes: string[] = [];
    for (const p of payments)
      hashes.push(
        ...(await payOnChain(p)).filter((tx) => onAccount(tx, watched())).map((tx) => tx.hash().toString('hex')),
      );
    double.setFaults({ hidden: [hashes[1]!] });
    await expect(server.watcher.pollNow()).rejects.toThrow();
    for (const p of payments) expect((await server.services.payments.get(p.id)).status).toBe('pending');
    expect(server.watcher.status().consecutiveErrors).toBeGreaterThan(0);
    double.setFaults({ hidden: [] });
    await server.watcher.pollNow();
    await expectCreditedOnce(payments);
  });
});
