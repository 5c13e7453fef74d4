import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, GENERATE_COMMAND, generateClientTypes } from '../../clients/generate-client';
import type { paths } from '../../clients/tontill-api';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** An integrator's path: generate a client from the running service's /openapi.json and use nothing else. */
describe('a client generated from /openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.dispose());

  it('is the committed one: the document has not drifted from the types the code below compiles against', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as object;
    const fresh = await generateClientTypes(document);
    const committed = readFileSync(CLIENT_TYPES_FILE, 'utf8');
    expect(committed === fresh, `clients/tontill-api.ts is stale: run \`${GENERATE_COMMAND}\``).toBe(true);
  });

  it('creates an invoice, sees it paid by a real emulated transfer, and reads it back', async () => {
    const api = createClient<paths>({ baseUrl: server.url, headers: { 'x-api-key': server.apiKey } });

    const created = await api.POST('/crypto/deposit/invoice', {
      body: { currency: 'USDT', mainCurrency: 'TON', amount: '10.00', externalId: 'order-generated-1' },
    });
    expect(created.error).toBeUndefined();
    const invoice = created.data!;
    expect(invoice).toMatchObject({ status: 'pending', amount: '10.00', currency: 'USDT' });

    await server.simulator!.pay({ paymentId: invoice.id });

    const read = await api.GET('/crypto/payment/{paymentId}', { params: { path: { paymentId: invoice.id } } });
    expect(read.error).toBeUndefined();
    expect(read.data).toMatchObject({ id: invoice.id, status: 'paid', paidAmount: '10.00', dueAmount: '0.00' });
    expect(read.data!.transfers).toHaveLength(1);

    // mainCurrency has a default: the generated type leaves it out, and so may the call
    const withoutDefault = await api.POST('/crypto/deposit/invoice', {
      body: { currency: 'USDT', amount: '1.00', externalId: 'order-generated-2' },
    });
    expect(withoutDefault.data?.mainCurrency).toBe('TON');

    const missing = await api.GET('/crypto/payment/{paymentId}', {
      params: { path: { paymentId: 'pay_0000000000000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('PAYMENT_NOT_FOUND');
  });
});
