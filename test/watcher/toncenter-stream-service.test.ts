import type { Transaction } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import type { Payment } from '../../server/payments/payment-types';
import { onAccount, sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The whole service in testnet mode on the toncenter double, both timers at 600 s: a payment turns
 * paid because toncenter's stream said a transaction arrived, not because a timer fired.
 */
describe('crediting woken by toncenter stream', () => {
  let chain: SandboxChain;
  let double: ToncenterDouble;
  let server: TestServer;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    chain = await SandboxChain.open({ now: () => Math.floor(clock.now() / 1000) });
    double = await startToncenterDouble({ apiKey: 'free-key', runGetMethod: sandboxGetMethods(chain) });
    double.addTransactions(chain.merchantJettonWallet, await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 }));
    server = await startTestServer({
      clock,
      config: {
        chain: {
          mode: 'testnet', merchantAddress: chain.merchantAddress.toString(), jettonMaster: chain.jettonMaster.toString(),
          toncenterEndpoint: double.endpoint, toncenterApiKey: 'free-key', toncenterRps: 1000, pollIntervalMs: 600_000,
          streaming: { safetyPollIntervalMs: 600_000 },
        },
      },
    });
    await double.streamsConnected(1);
    await vi.waitFor(() => expect(server.watcher.status().stream?.connected).toBe(true), { timeout: 10_000, interval: 5 });
    // queued behind the polls the start and the connect caused: the watcher is idle after it
    await server.watcher.pollNow();
  });
  afterAll(async () => {
    await server.dispose();
    await double.close();
  });

  const watched = () => server.chain.watchedAccount;

  function paidEvent(payment: Payment): Promise<void> {
    return new Promise<void>((resolve) => {
      const off = server.services.bus.onCommitted((event) => {
        if (event.type === 'payment.paid' && event.paymentId === payment.id) {
          off();
          resolve();
        }
      });
    });
  }

  async function payAndPublish(payment: Payment): Promise<Transaction[]> {
    const txs = await chain.pay({ amount: payment.amount, comment: payment.memo });
    double.addTransactions(watched(), txs.filter((tx) => onAccount(tx, watched())));
    expect(double.publish(watched(), txs)).toBe(1);
    return txs;
  }

  it('subscribes to the verified jetton wallet, with the key, at finalized', () => {
    expect(double.streamRequests.at(-1)).toEqual({
      body: { types: ['transactions'], addresses: [chain.merchantJettonWallet.toRawString()], min_finality: 'finalized' }, apiKey: 'free-key',
    });
  });

  it('turns a payment paid on the stream event, exactly once, with both timers at 600 s', async () => {
    const created = await Promise.all([1, 2].map(() =>
      server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '2.50' })));
    for (const { payment } of created) {
      const paid = paidEvent(payment);
      await payAndPublish(payment);
      await paid;
    }
    for (const { payment } of created) {
      expect(await server.services.payments.get(payment.id)).toMatchObject({ status: 'paid', paidAmount: payment.amount });
      expect(await server.services.ledger.creditedTo(payment.id)).toHaveLength(1);
    }
    expect(server.watcher.status()).toMatchObject({ consecutiveErrors: 0, stream: { connected: true, lastError: null } });
  });
});
