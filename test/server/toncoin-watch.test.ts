import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment as Payment } from '../../contract/payments';
import type { ToncoinPayOptions } from '../../server/sandbox/sandbox-chain';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/**
 * Toncoin paid to the store's own wallet on the emulated chain, read back by the real watcher and
 * ledger, and seen through the service's HTTP API on loopback. Every transfer is a real emulated
 * transaction; nothing is injected into the ledger.
 */
describe('Toncoin payments watched on the sandbox chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await untilWatching(server);
  });
  afterAll(async () => {
    await server.dispose();
  });

  const api = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': server.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const create = (extra: object = {}) =>
    api<Payment>('POST', '/crypto/deposit/invoice', { currency: 'TON', mainCurrency: 'TON', amount: '1.50', ...extra });
  const read = (id: string) => api<Payment>('GET', `/crypto/payment/${id}`);
  const sandbox = () => server.chain.sandbox!;
  /** a real emulated Toncoin transfer, then one poll of the watcher; the hashes of the store wallet's transactions */
  const send = async (opts: ToncoinPayOptions) => {
    const txs = await sandbox().payToncoin(opts);
    await server.watcher.pollNow();
    const store = sandbox().merchantAddress;
    const onStore = txs.filter((tx) => tx.address === BigInt(`0x${store.hash.toString('hex')}`));
    expect(onStore).toHaveLength(1);
    return onStore.map((tx) => tx.hash().toString('hex'));
  };
  const credits = (id: string) => server.services.ledger.creditedTo(id);
  const recorded = async (hashes: string[]) =>
    (await Promise.all(hashes.map((h) => server.services.ledger.find(h)))).filter((t) => t !== null);

  it('watches the store wallet beside the USDT jetton wallet, each with its own cursor', () => {
    const accounts = server.chain.watchedAccounts.map((a) => [a.asset, a.kind, a.address.toRawString()]);
    expect(accounts).toEqual([
      ['USDT', 'jetton-wallet', sandbox().merchantJettonWallet.toRawString()],
      ['TON', 'native-wallet', sandbox().merchantAddress.toRawString()],
    ]);
  });

  it('credits an exact Toncoin payment once, with the payer read from the chain', async () => {
    const payment = await create();
    await send({ amount: 1_500_000_000n, comment: payment.memo });
    expect(await read(payment.id)).toMatchObject({
      status: 'paid',
      paidAmount: '1.50',
      dueAmount: '0.00',
      currency: 'TON',
    });
    const [credit, ...more] = await credits(payment.id);
    expect(more).toEqual([]);
    expect(credit).toMatchObject({ amount: 1_500_000_000n, comment: payment.memo });
    expect(credit?.from).toBe(sandbox().payerAddress.toString());
    expect(await server.services.ledger.find(credit!.txHash)).toMatchObject({ asset: 'TON', status: 'credited' });
    // polling again, and a watcher re-reading from its stored cursor, credit nothing twice
    expect(await server.watcher.pollNow()).toBe(0);
    expect(await credits(payment.id)).toHaveLength(1);
  });

  it('adds up a part and the rest, and counts what is paid over', async () => {
    const payment = await create();
    await send({ amount: 500_000_000n, comment: payment.memo });
    expect(await read(payment.id)).toMatchObject({ status: 'partially_paid', paidAmount: '0.50', dueAmount: '1.00' });
    await send({ amount: 1_000_000_000n, comment: payment.memo });
    expect(await read(payment.id)).toMatchObject({ status: 'paid', paidAmount: '1.50' });
    await send({ amount: 250_000_000n, comment: payment.memo });
    expect(await read(payment.id)).toMatchObject({ status: 'paid', paidAmount: '1.75', overpaidAmount: '0.25' });
    expect(await credits(payment.id)).toHaveLength(3);
  });

  it('marks a payment paid after expiry, within the monitoring window, as late', async () => {
    const payment = await create({ expiresInSeconds: 60 });
    server.clock.advance(61_000);
    await server.services.payments.expireDue();
    await send({ amount: 1_500_000_000n, comment: payment.memo });
    expect(await read(payment.id)).toMatchObject({ status: 'paid', late: true });
  });

  it('sends a Toncoin transfer without a comment to the inbox as unmatched TON', async () => {
    const payment = await create();
    const hashes = await send({ amount: 1_500_000_000n, comment: null });
    expect((await read(payment.id)).status).toBe('pending');
    const inbox = (await server.services.ledger.listUnmatched()).filter((t) => hashes.includes(t.txHash));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ asset: 'TON', amount: 1_500_000_000n, comment: null, status: 'unmatched' });
  });

  it('never credits a bounced message, a contract message or dust, whatever memo they carry', async () => {
    const payment = await create();
    const bounced = await send({ amount: 1_500_000_000n, comment: payment.memo, case: 'bounced' });
    const fromContract = await send({ amount: 1_500_000_000n, case: 'from-contract' });
    const dust = await send({ amount: 999_999n, comment: payment.memo });
    expect(await read(payment.id)).toMatchObject({ status: 'pending', paidAmount: '0.00' });
    // each reached the store's wallet (send checks it) and none of them is a transfer
    expect(await recorded([...bounced, ...fromContract, ...dust])).toEqual([]);
  });

  it('does not credit Toncoin to a USDT payment that names its memo', async () => {
    const usdt = await create({ currency: 'USDT', amount: '1.50' });
    const hashes = await send({ amount: 1_500_000_000n, comment: usdt.memo });
    expect((await read(usdt.id)).status).toBe('pending');
    expect(await recorded(hashes)).toEqual([expect.objectContaining({ status: 'unmatched', asset: 'TON' })]);
  });
});
