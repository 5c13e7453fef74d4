import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatcherStatusView } from '../../contract/chain';
import { describeWatcher } from '../../renderer/features/chain/describe-watcher';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { serviceFile } from '../../server/index';
import { onAccount, sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { startTonapiDouble, type TonapiDouble } from '../chain/tonapi-double';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';
import { Receiver, waitUntil } from '../webhooks/receiver';
import { readFileSync } from 'node:fs';

/**
 * The whole service on testnet settings with two providers, toncenter then tonapi, each a loopback
 * double serving the same real sandbox chain: toncenter fails, tonapi carries on, toncenter comes back.
 */
describe('the service failing over between two providers', () => {
  let chain: SandboxChain;
  let toncenter: ToncenterDouble;
  let tonapi: TonapiDouble;
  let server: TestServer;
  let receiver: Receiver;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    chain = await SandboxChain.open({ now: () => Math.floor(clock.now() / 1000) });
    toncenter = await startToncenterDouble({ runGetMethod: sandboxGetMethods(chain) });
    tonapi = await startTonapiDouble({ runGetMethod: sandboxGetMethods(chain) });
    const history = await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 });
    toncenter.addTransactions(chain.merchantJettonWallet, history);
    tonapi.addTransactions(chain.merchantJettonWallet, history);
    server = await startTestServer({
      clock,
      config: {
        chain: {
          mode: 'testnet',
          merchantAddress: chain.merchantAddress.toString(),
          jettonMaster: chain.jettonMaster.toString(),
          providers: ['toncenter', 'tonapi'],
          toncenterEndpoint: toncenter.endpoint,
          toncenterRps: 1000,
          tonapiUrl: tonapi.url,
          tonapiRps: 1000,
          pollIntervalMs: 600_000,
          streaming: { enabled: false },
        },
      },
    });
    receiver = await Receiver.start();
    await server.services.webhooks.createEndpoint({
      url: receiver.url(),
      events: ['watcher.degraded', 'watcher.recovered'],
    });
    await untilWatching(server);
    await server.watcher.pollNow();
  });
  afterAll(async () => {
    await server.dispose();
    await Promise.all([toncenter.close(), tonapi.close(), receiver.stop()]);
  });

  const token = () =>
    (JSON.parse(readFileSync(serviceFile(server.dataDir), 'utf8')) as { consoleToken: string }).consoleToken;
  const watcherView = async () =>
    (
      await server.app.inject({ url: '/console/api/watcher', headers: { authorization: `Bearer ${token()}` } })
    ).json() as WatcherStatusView;

  async function payOnChain(): Promise<string> {
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '3.00',
    });
    const mine = (await chain.pay({ amount: payment.amount, comment: payment.memo })).filter((tx) =>
      onAccount(tx, chain.merchantJettonWallet),
    );
    toncenter.addTransactions(chain.merchantJettonWallet, mine);
    tonapi.addTransactions(chain.merchantJettonWallet, mine);
    return payment.id;
  }

  it('credits through tonapi while toncenter fails, says so, and announces watcher.degraded once', async () => {
    const paymentId = await payOnChain();
    // what the live network showed: toncenter's v2 wraps its liteserver failures in an HTTP 200
    toncenter.setFaults({ wrappedServerErrors: 1_000 });
    await server.watcher.pollNow();
    await server.watcher.pollNow();
    expect((await server.services.payments.get(paymentId)).status).toBe('paid');
    expect(await server.services.ledger.creditedTo(paymentId)).toHaveLength(1);

    const view = await watcherView();
    expect(view.providers).toMatchObject({ active: 'tonapi', primary: 'toncenter', degraded: true });
    expect(describeWatcher(view, clock.now()).headline).toBe('toncenter unreachable, using tonapi');
    await waitUntil(() => receiver.received.length > 0, 'the watcher.degraded webhook');
    expect(receiver.received.map((r) => r.event.type)).toEqual(['watcher.degraded']);
    expect(receiver.received[0]!.event.data).toMatchObject({ from: 'toncenter', to: 'tonapi' });
  });

  it('comes back to toncenter once it answers again, and announces watcher.recovered', async () => {
    toncenter.setFaults({ wrappedServerErrors: 0 });
    clock.advance(61_000);
    const paymentId = await payOnChain();
    await server.watcher.pollNow();
    expect((await server.services.payments.get(paymentId)).status).toBe('paid');
    expect((await watcherView()).providers).toMatchObject({ active: 'toncenter', degraded: false });
    await waitUntil(() => receiver.received.length > 1, 'the watcher.recovered webhook');
    expect(receiver.received.map((r) => r.event.type)).toEqual(['watcher.degraded', 'watcher.recovered']);
  });
});
