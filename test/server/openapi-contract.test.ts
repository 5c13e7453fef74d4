import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../contract/webhook-events';
import { DOCUMENTED_PAGES } from '../../server/http/page-docs';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

interface Operation {
  operationId?: string;
  security: unknown[];
  requestBody?: RequestBody | { $ref: string };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface RequestBody {
  content: Record<string, { schema: Schema }>;
}
interface Schema {
  $ref?: string;
  examples?: unknown[];
  [key: string]: unknown;
}
interface Document {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<
    string,
    { post: Operation & { parameters: Array<{ name: string; in: string; required: boolean }> } }
  >;
  components: {
    schemas: Record<string, Schema>;
    requestBodies: Record<string, RequestBody>;
    responses: Record<string, unknown>;
  };
}

/** The six endpoints of the spec, by the operationId an integrator's generated client calls them. */
const SPEC_OPERATIONS = {
  createHostedDeposit: 'POST /invoice/deposit',
  createReceivingAddress: 'POST /crypto/deposit/receiving-address',
  createInvoice: 'POST /crypto/deposit/invoice',
  getPayment: 'GET /crypto/payment/{paymentId}',
  createWidgetSession: 'POST /invoice/widgets',
  getSandboxSignature: 'GET /invoice/widgets/sandbox-signature',
};

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

function resolve(doc: Document, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const [, kind, name] = /^#\/components\/(schemas|requestBodies|responses)\/(\w+)$/.exec(schema.$ref) ?? [];
  const target = kind
    ? (doc.components[kind as keyof Document['components']] as Record<string, unknown>)[name!]
    : undefined;
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return target as Schema;
}

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe('the OpenAPI document is a contract tooling accepts', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: '/openapi.json' })).json();
  });
  afterAll(async () => t.close());

  it('passes an independent OpenAPI 3.1 validator', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('names every operation once, in camelCase, and the spec endpoints as a client expects', () => {
    const ids = operations(doc).map(({ key, op }) => {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    const byId = Object.fromEntries(operations(doc).map(({ key, op }) => [op.operationId, key]));
    for (const [id, key] of Object.entries(SPEC_OPERATIONS)) expect(byId[id], id).toBe(key);
  });

  it('keeps its schemas as named components, and every $ref resolves', () => {
    const refs = refsIn(doc);
    expect(refs.filter((ref) => !/^#\/components\/(schemas|requestBodies|responses)\//.test(ref))).toEqual([]);
    for (const ref of refs) expect(() => resolve(doc, { $ref: ref }), ref).not.toThrow();
    expect(JSON.stringify(doc)).not.toContain('$defs');
    for (const name of ['Payment', 'WidgetSession', 'Error']) expect(doc.components.schemas[name], name).toBeDefined();
    for (const name of ['DepositRequest', 'WidgetSessionRequest'])
      expect(doc.components.requestBodies[name], name).toBeDefined();
    const invoice = doc.paths['/crypto/deposit/invoice']!.post!;
    expect(invoice.requestBody).toEqual({ $ref: '#/components/requestBodies/DepositRequest' });
    expect(invoice.responses['200']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Payment',
    });
  });

  it('names the public URL as its server', () => {
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:8787' }]);
  });

  it('lists only the responses an operation can give', () => {
    for (const { key, op } of operations(doc)) {
      const statuses = Object.keys(op.responses);
      const readsBody = op.requestBody !== undefined;
      expect(statuses.includes('413'), `${key} 413`).toBe(readsBody);
      expect(statuses.includes('415'), `${key} 415`).toBe(readsBody);
      // A public route may check a token of its own (the console login link), so only one way round.
      if (op.security.length > 0) expect(statuses, key).toContain('401');
      // writes can meet a pending restore; of the reads, only the reconciliation can meet a chain it cannot read
      const unavailable =
        (!key.startsWith('GET') && key !== 'DELETE /console/api/restore' && key !== 'POST /console/api/logout') ||
        key === 'GET /console/api/chain/reconciliation' ||
        key === 'GET /pay/{paymentId}'; // a page, whose 503 says the checkout is not built
      expect(statuses.includes('503'), `${key} 503`).toBe(unavailable);
    }
    const statusesOf = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses).sort();
    expect(statusesOf('/crypto/payment/{paymentId}', 'get')).toEqual(['200', '400', '401', '404', '429']);
    expect(statusesOf('/crypto/deposit/invoice', 'post')).toEqual([
      '200',
      '400',
      '401',
      '409',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(statusesOf('/pay/{paymentId}/status', 'get')).toEqual(['200', '400', '404', '429']);
  });

  it('shows a valid request and response example for each spec endpoint', () => {
    const defs = new Map(t.app.apiDocs.list().map((d) => [`${d.method} ${d.url.replace(/:(\w+)/g, '{$1}')}`, d]));
    for (const [id, key] of Object.entries(SPEC_OPERATIONS)) {
      const def = defs.get(key)!;
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]![method.toLowerCase()]!;
      const checkExamples = (schema: Schema, zod: ZodType, what: string) => {
        const examples = resolve(doc, schema).examples ?? [];
        expect(examples.length, `${id}: ${what} examples`).toBeGreaterThan(0);
        for (const example of examples) expect(zod.safeParse(example).error, `${id}: ${what} example`).toBeUndefined();
      };
      if (def.body)
        checkExamples(
          (resolve(doc, op.requestBody as Schema) as unknown as RequestBody).content['application/json']!.schema,
          def.body,
          'request',
        );
      checkExamples(op.responses['200']!.content!['application/json']!.schema, def.responses[200]!.schema!, 'response');
    }
  });

  it('leaves a field with a default optional in a client generated with openapi-typescript as it comes', async () => {
    // openapi-typescript makes a property with a `default` required outside request bodies (defaultNonNullable),
    // so a request's input form must live where it reads it as a request
    const types = astToString(await openapiTS(structuredClone(doc) as unknown as OpenAPI3));
    const requestTypes = types
      .split(/\n(?=\s{8}\w+: \{)/)
      .filter((block) => /^\s{8}(DepositRequest|WidgetSessionRequest): \{/.test(block));
    expect(requestTypes).toHaveLength(2);
    for (const block of requestTypes) {
      expect(block).toMatch(/\bmainCurrency\?: "TON"/);
      // an asset or an ISO 4217 code: required, a string checked by the service
      expect(block).toMatch(/\bcurrency: string;/);
    }
  });

  it('documents every webhook event: its body, from the schema the service sends, and the signature header', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const [type, { post }] of Object.entries(doc.webhooks!)) {
      expect(
        post.parameters.find((p) => p.name === 'TonTill-Signature'),
        type,
      ).toMatchObject({ in: 'header', required: true });
      const body = post.requestBody as RequestBody;
      const envelope = body.content['application/json']!.schema as {
        properties: Record<string, Schema>;
        required: string[];
      };
      expect(envelope.required, type).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(envelope.properties.type, type).toMatchObject({ const: type });
      expect(Object.keys(post.responses), type).toContain('2XX');
    }
    const paid = (doc.webhooks!['payment.paid']!.post.requestBody as RequestBody).content['application/json']!
      .schema as { properties: Record<string, Schema> };
    expect(paid.properties.data).toEqual({ $ref: '#/components/schemas/Payment' });
  });

  it('defines every key an object schema requires, and gives every operation a success response', () => {
    const undefinedRequired: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}/${i}`));
      if (!value || typeof value !== 'object') return;
      const schema = value as { required?: unknown; properties?: Record<string, unknown> };
      if (Array.isArray(schema.required) && at.includes('schema')) {
        for (const key of schema.required as string[])
          if (!(key in (schema.properties ?? {}))) undefinedRequired.push(`${at}: ${key}`);
      }
      for (const [key, v] of Object.entries(value)) walk(v, `${at}/${key}`);
    };
    walk(doc.paths, '#/paths');
    walk(doc.components.schemas, '#/components/schemas');
    expect(undefinedRequired).toEqual([]);
    for (const { key, op } of operations(doc)) {
      expect(
        Object.keys(op.responses).some((status) => /^2(\d\d|XX)$/.test(status) || status === 'default'),
        `${key} has a 2xx`,
      ).toBe(true);
    }
  });

  it('documents the pages and files the spec and the README send integrators to', () => {
    const documented = (method: string, path: string) => doc.paths[path]?.[method];
    expect(documented('get', '/healthz')?.responses['200']?.content?.['application/json']).toBeDefined();
    expect(documented('get', '/pay/{paymentId}')?.responses['200']?.content?.['text/html']).toBeDefined();
    expect(documented('get', '/pay/{paymentId}/receipt')?.responses['200']?.content?.['text/html']).toBeDefined();
    expect(
      documented('get', '/pay/{paymentId}/events')?.responses['200']?.content?.['text/event-stream'],
    ).toBeDefined();
    expect(documented('get', '/widgets/versions.json')?.responses['200']?.content?.['application/json']).toBeDefined();
  });

  it('describes those pages as they answer', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': t.apiKey },
      payload: QUICK_START,
    });
    const paymentId = created.json().id as string;
    for (const page of DOCUMENTED_PAGES) {
      // the event stream never ends, so only its refusal is asked for here (the checkout tests read the stream itself)
      const id = page.operationId === 'streamPaymentStatus' ? 'pay_0000000000000000000000' : paymentId;
      const res = await t.app.inject({ url: page.url.replace(':paymentId', id) });
      const documented = page.responses[res.statusCode];
      expect(documented, `${page.url}: ${res.statusCode}`).toBeDefined();
      const mediaType = documented!.mediaType ?? (documented!.schema ? 'application/json' : '');
      expect(res.headers['content-type'], page.url).toContain(mediaType);
      if (documented!.schema) expect(documented!.schema.safeParse(res.json()).error, page.url).toBeUndefined();
    }
  });
});
