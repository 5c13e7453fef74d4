import type { Transaction } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import type { Payment } from '../../server/storage/records';
import { onAccount, sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import type { StreamConfirmation } from '../chain/toncenter-stream-double';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/**
 * The whole service in testnet mode on the toncenter double, both timers at 600 s: a payment turns
 * paid because toncenter's stream said a transaction arrived, or because the stream connected (the
 * catch-up poll), not because a timer fired. toncenter confirms a subscription with or without an
 * event name (toncenter-stream-double.ts): the service hears both.
 */
describe.each<StreamConfirmation>(['named', 'bare'])(
  'crediting woken by toncenter stream (%s confirmation)',
  (streamConfirmation) => {
    let chain: SandboxChain;
    let double: ToncenterDouble;
    let server: TestServer;
    const clock = new ManualClock(Date.now());

    beforeAll(async () => {
      chain = await SandboxChain.open({ now: () => Math.floor(clock.now() / 1000) });
      double = await startToncenterDouble({
        apiKey: 'free-key',
        runGetMethod: sandboxGetMethods(chain),
        streamConfirmation,
      });
      double.addTransactions(
        chain.merchantJettonWallet,
        await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 }),
      );
      // The stream stays refused until the first test lets it in, so its connect is the only wake-up there.
      double.setStreamFaults({ rejectConnections: Number.MAX_SAFE_INTEGER });
      server = await startTestServer({
        clock,
        config: {
          chain: {
            mode: 'testnet',
            merchantAddress: chain.merchantAddress.toString(),
            jettonMaster: chain.jettonMaster.toString(),
            toncenterEndpoint: double.endpoint,
            toncenterApiKey: 'free-key',
            toncenterRps: 1000,
            pollIntervalMs: 600_000,
            streaming: { safetyPollIntervalMs: 600_000 },
          },
        },
      });
      await untilWatching(server);
      // queued behind the start's poll: the watcher is idle after it, until the stream connects
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
      double.addTransactions(
        watched(),
        txs.filter((tx) => onAccount(tx, watched())),
      );
      expect(double.publish(watched(), txs)).toBe(1);
      return txs;
    }

    it('credits on the poll that follows the connect what landed before it and was never streamed', async () => {
      const { payment } = await server.services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '1.25',
      });
      const paid = paidEvent(payment);
      const txs = await chain.pay({ amount: payment.amount, comment: payment.memo });
      double.addTransactions(
        watched(),
        txs.filter((tx) => onAccount(tx, watched())),
      );
      double.setStreamFaults({ rejectConnections: 0 });
      await paid;
      expect(await server.services.ledger.creditedTo(payment.id)).toHaveLength(1);
      expect(server.watcher.status().stream).toMatchObject({ connected: true, reconnects: 0, lastError: null });
    });

    it('subscribes to the verified jetton wallet, with the key, at finalized', () => {
      expect(double.streamRequests.at(-1)).toEqual({
        body: {
          types: ['transactions'],
          addresses: [chain.merchantJettonWallet.toRawString()],
          min_finality: 'finalized',
        },
        apiKey: 'free-key',
      });
    });

    it('turns a payment paid on the stream event, exactly once, with both timers at 600 s', async () => {
      const created = await Promise.all(
        [1, 2].map(() =>
          server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '2.50' }),
        ),
      );
      for (const { payment } of created) {
        const paid = paidEvent(payment);
        await payAndPublish(payment);
        await paid;
      }
      for (const { payment } of created) {
        expect(await server.services.payments.get(payment.id)).toMatchObject({
          status: 'paid',
          paidAmount: payment.amount,
        });
        expect(await server.services.ledger.creditedTo(payment.id)).toHaveLength(1);
      }
      expect(server.watcher.status()).toMatchObject({
        consecutiveErrors: 0,
        stream: { connected: true, lastError: null },
      });
    });
  },
);
