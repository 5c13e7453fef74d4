// The app compiles each route's response serializer when the route first answers (server/app.ts),
// so a schema fast-json-stringify cannot compile would no longer stop the start: this compiles
// every one of them, as Fastify would, and fails here instead.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializableSchema } from '../../server/http/route';
import { shapeOnly } from '../../server/http/serializer-schema';
import { errorHandlerPlugin, internalErrorMessage } from '../../server/plugins/error-handler';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Serialized {
  method: string;
  url: string;
  httpStatus: string;
  schema: unknown;
}

describe('response serializers', () => {
  let t: TestApp;
  const responses: Serialized[] = [];
  const checkedByFastify: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route: RouteOptions) => {
        for (const part of ['body', 'querystring', 'params', 'headers'] as const)
          if (route.schema?.[part]) checkedByFastify.push(`${String(route.method)} ${route.url} ${part}`);
        const byStatus = (route.schema?.response ?? {}) as Record<string, unknown>;
        for (const [httpStatus, schema] of Object.entries(byStatus)) {
          for (const method of [route.method].flat()) responses.push({ method, url: route.url, httpStatus, schema });
        }
      },
    });
  });
  afterAll(async () => t.close());

  it('are the only schemas Fastify is given: requests are checked by zod, and Ajv is never loaded (server/app.ts)', () => {
    expect(checkedByFastify).toEqual([]);
  });

  it('compile for every route and status that declares one', () => {
    expect(responses.length).toBeGreaterThanOrEqual(40);
    const compile = SerializerSelector()();
    for (const response of responses) {
      expect(
        () => compile({ ...response, schema: serializableSchema(response.schema) }),
        `${response.method} ${response.url} ${response.httpStatus}`,
      ).not.toThrow();
    }
  });

  it('are compiled by the first answer of their route, which they serialize', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': t.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '10.00' },
    });
    expect(created.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: `/crypto/payment/${created.json<{ id: string }>().id}`,
      headers: { 'x-api-key': t.apiKey },
    });
    expect(status.json()).toMatchObject({ id: created.json<{ id: string }>().id, status: 'pending', amount: '10.00' });
  });

  it('never say "not applied" when only the answer failed, after the handler committed its change', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    let committed = 0;
    const answer = {
      schema: { response: { 200: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
    };
    app.put('/thing', answer, async () => {
      committed++;
      return {};
    });
    app.get('/thing', answer, async () => ({}));
    try {
      const put = await app.inject({ method: 'PUT', url: '/thing' });
      expect(committed).toBe(1);
      expect(put.statusCode).toBe(500);
      expect(put.json().error.message).toContain('the request was applied');
      expect((await app.inject({ url: '/thing' })).json().error.message).toBe(
        'internal error; the answer could not be sent',
      );
    } finally {
      await app.close();
    }
  });

  it('serialize by shape alone: formats and patterns go, at every depth; fields named like keywords stay', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['format', 'contact'],
      properties: {
        format: { type: 'string', minLength: 1 },
        contact: {
          anyOf: [
            { type: 'string', const: '' },
            { type: 'string', format: 'email', pattern: '^.+@.+$' },
            { type: 'string', format: 'uri', maxLength: 200 },
          ],
        },
        items: {
          type: 'array',
          maxItems: 3,
          items: { type: 'object', properties: { pattern: { type: 'integer', minimum: 0 } } },
        },
      },
    };
    expect(shapeOnly(schema)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['format', 'contact'],
      properties: {
        format: { type: 'string' },
        contact: { anyOf: [{ type: 'string', const: '' }, { type: 'string' }, { type: 'string' }] },
        items: { type: 'array', items: { type: 'object', properties: { pattern: { type: 'integer' } } } },
      },
    });
    expect(schema.properties.contact.anyOf[1]).toHaveProperty('format', 'email');
  });

  it('say what is true in every case', () => {
    expect(internalErrorMessage('POST', false)).toContain('not applied');
    expect(internalErrorMessage('DELETE', true)).toContain('was applied');
    expect(internalErrorMessage('HEAD', true)).not.toContain('applied');
  });
});
