import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/console-staff';
import type { InboundTransfer } from '../../server/chain/types';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let owner: Record<string, string>;
let lt = 1n;
const PAYER = 'EQD__________________________________________0vo';

const api = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, headers = owner) =>
  t.app.inject({ method, url: `/console/api${url}`, headers, ...(payload ? { payload } : {}) });
const audit = async (query = ''): Promise<AuditPage> => (await api('GET', `/audit${query}`)).json() as AuditPage;
/** A transfer as the watcher reports it; a comment that matches nothing files it in the inbox. */
const arrive = async (micro: bigint, comment: string | null): Promise<string> => {
  const transfer: InboundTransfer = {
    txHash: randomBytes(32).toString('hex'),
    lt: lt++,
    utime: Math.floor(t.clock.now() / 1000),
    amount: micro,
    from: PAYER,
    comment,
    asset: 'USDT',
  };
  await t.services.ledger.creditBatch('watched', [transfer], { lt: transfer.lt, hash: transfer.txHash });
  return transfer.txHash;
};
const paidInvoice = async (amount: string) => {
  const { payment } = await t.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount });
  await arrive(BigInt(Math.round(Number(amount) * 1e6)), payment.memo);
  return payment.id;
};

describe('the audit log: who did what', () => {
  beforeEach(async () => {
    t = await createTestApp();
    owner = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('records refunds asked for and cancelled from the console and the API, with who asked', async () => {
    const paymentId = await paidInvoice('10.00');
    const fromConsole = await api('POST', `/payments/${paymentId}/refunds`, { amount: '2.00' });
    expect(fromConsole.json()).toMatchObject({ createdBy: 'owner' });
    const fromApi = await t.app.inject({
      method: 'POST',
      url: `/crypto/payment/${paymentId}/refunds`,
      headers: { 'x-api-key': t.apiKey },
      payload: { amount: '1.00' },
    });
    expect(fromApi.statusCode).toBe(200);
    const refundId = (fromConsole.json() as { id: string }).id;
    expect((await api('POST', `/payments/${paymentId}/refunds/${refundId}/cancel`, {})).statusCode).toBe(200);
    const { items } = await audit();
    expect(items.slice(0, 3)).toMatchObject([
      { actor: 'owner', action: 'refund.cancel', target: paymentId, detail: { refundId, amount: '2.00' } },
      { actor: 'api', action: 'refund.create', target: paymentId, detail: { amount: '1.00' } },
      { actor: 'owner', action: 'refund.create', target: paymentId, detail: { refundId, amount: '2.00' } },
    ]);
  });

  it("records a refused refund nowhere: the entry shares the refund's unit of work", async () => {
    const paymentId = await paidInvoice('1.00');
    expect((await api('POST', `/payments/${paymentId}/refunds`, { amount: '5.00' })).statusCode).toBe(400);
    expect((await audit()).items.filter((e) => e.action.startsWith('refund.'))).toEqual([]);
  });

  it('records a dismissed transfer and its undo, a settings change and API keys made and revoked, never a secret', async () => {
    const tx = await arrive(3_000_000n, 'nobody');
    expect((await api('POST', `/transfers/${tx}/dismiss`, { note: 'sent back by hand' })).statusCode).toBe(200);
    expect((await api('POST', `/transfers/${tx}/restore`, {})).statusCode).toBe(200);
    expect((await api('PUT', '/catalogue', { items: [{ id: 'tea', name: 'Tea', price: '2.50' }] })).statusCode).toBe(
      200,
    );
    const made = (await api('POST', '/api-keys', { name: 'shop backend' })).json() as {
      key: string;
      apiKey: { id: string };
    };
    expect((await api('DELETE', `/api-keys/${made.apiKey.id}`)).statusCode).toBe(204);
    const { items } = await audit();
    expect(items.slice(0, 5)).toMatchObject([
      { actor: 'owner', action: 'api_key.revoke', target: made.apiKey.id },
      { actor: 'owner', action: 'api_key.create', target: made.apiKey.id, detail: { name: 'shop backend' } },
      { actor: 'owner', action: 'settings.change', target: 'console.catalogue' },
      { actor: 'owner', action: 'transfer.undone', target: tx },
      {
        actor: 'owner',
        action: 'transfer.dismissed',
        target: tx,
        detail: { note: 'sent back by hand', amount: '3.00' },
      },
    ]);
    expect(JSON.stringify(items)).not.toContain(made.key);
  });

  it('names a cashier who was made, and reads newest first in pages', async () => {
    const { cashier } = (
      await api('POST', '/cashiers', { name: 'Ana', passphrase: 'a long cashier passphrase' })
    ).json() as { cashier: { id: string } };
    for (let i = 0; i < 4; i++) await api('PUT', '/catalogue', { items: [] });
    const first = await audit('?limit=3');
    expect(first.items.map((e) => e.seq)).toEqual([...first.items.map((e) => e.seq)].sort((a, b) => b - a));
    expect(first.items).toHaveLength(3);
    const rest = await audit(`?limit=3&before=${first.nextBefore}`);
    // oldest: the test app's own key, made by no one through the console or the API
    expect(rest.items.slice(-2)).toMatchObject([
      { actor: 'owner', action: 'cashier.create', target: cashier.id, detail: { name: 'Ana', passphrase: true } },
      { actor: 'service', action: 'api_key.create' },
    ]);
    expect(rest.nextBefore).toBeNull();
    expect(JSON.stringify([first, rest])).not.toContain('a long cashier passphrase');
  });
});
