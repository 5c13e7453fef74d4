// The API document an integrator reads for a price in their own currency: the payment's price, its
// quotes and the tolerance outcome, a EUR request example, and 503 RATE_UNAVAILABLE where a payment is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSchema } from '../../contract/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  examples?: unknown[];
  items?: Schema;
  description?: string;
}
interface RequestBody {
  $ref?: string;
  content: Record<string, { schema: Schema }>;
}
interface Operation {
  requestBody?: RequestBody;
  responses: Record<string, { $ref?: string; description?: string }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
}

/** Where a payment is made: every one of them may meet a fiat price no rate can be trusted for. */
const CREATION_ROUTES = ['/invoice/deposit', '/crypto/deposit/receiving-address', '/crypto/deposit/invoice'];

describe('the API document on fiat prices', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  const resolve = <T extends { $ref?: string }>(node: T): T => {
    if (!node.$ref) return node;
    const [, , kind, name] = node.$ref.split('/') as [string, string, string, string];
    return doc.components[kind]![name] as T;
  };

  it("documents the payment's price, quotes and tolerance, each a named schema with its fields", () => {
    const payment: Schema = resolve({ $ref: '#/components/schemas/Payment' });
    expect(payment.required).toEqual(expect.arrayContaining(['price', 'quotes', 'tolerance', 'currency', 'amount']));
    expect(payment.properties!.price).toEqual({ $ref: '#/components/schemas/Price' });
    expect(payment.properties!.tolerance).toEqual({ $ref: '#/components/schemas/Tolerance' });
    expect(payment.properties!.quotes!.items).toEqual({ $ref: '#/components/schemas/Quote' });
    const fields = (name: string) =>
      Object.keys(resolve<Schema>({ $ref: `#/components/schemas/${name}` }).properties!).sort();
    expect(fields('Price')).toEqual(['amount', 'currency']);
    expect(fields('Quote')).toEqual(['amount', 'currency', 'fixedAt', 'rate', 'source']);
    expect(fields('Tolerance')).toEqual(['percent', 'shortfall']);
    expect(resolve<Schema>({ $ref: '#/components/schemas/Quote' }).properties!.rate!.description).toMatch(
      /per one whole unit of the asset/,
    );
  });

  it('shows a EUR request and a EUR-priced payment among the examples, each valid', () => {
    const request = resolve(doc.paths['/crypto/deposit/invoice']!.post!.requestBody!);
    const body = resolve(request.content['application/json']!.schema);
    expect(body.examples).toContainEqual(expect.objectContaining({ currency: 'EUR', amount: '3.40' }));
    const payments = resolve<Schema>({ $ref: '#/components/schemas/Payment' }).examples ?? [];
    const eur = payments.find((p) => (p as { price: { currency: string } }).price.currency === 'EUR');
    expect(eur).toMatchObject({ quotes: [{ currency: 'USDT' }, { currency: 'TON' }], tolerance: { percent: '0.5' } });
    expect(PaymentSchema.safeParse(eur).success).toBe(true);
  });

  it.each(CREATION_ROUTES)('documents 503 RATE_UNAVAILABLE on POST %s', (path) => {
    const response = resolve(doc.paths[path]!.post!.responses['503']!);
    expect(response.description).toContain('RATE_UNAVAILABLE');
  });

  it('sends the payment with its price, quotes and tolerance in every payment webhook', () => {
    for (const type of ['payment.paid', 'payment.asset_chosen', 'payment.partially_paid', 'payment.late']) {
      const envelope = doc.webhooks[type]!.post.requestBody.content['application/json']!.schema;
      expect(envelope.properties!.data, type).toEqual({ $ref: '#/components/schemas/Payment' });
    }
  });
});
