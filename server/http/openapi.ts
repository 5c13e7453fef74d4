import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z, type ZodType } from 'zod';
import type { AnyRouteDef } from './route';

declare module 'fastify' {
  interface FastifyInstance {
    apiDocs: ApiDocs;
  }
}

const SECURITY: Record<AnyRouteDef['auth'], Array<Record<string, string[]>>> = {
  apiKey: [{ apiKey: [] }],
  console: [{ consoleSession: [] }],
  public: [],
};

function jsonSchema(schema: ZodType, io: 'input' | 'output'): object {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

/** Path and query parameters come from the object schema's own keys. */
function parametersOf(schema: ZodType | undefined, where: 'path' | 'query'): object[] {
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  const shape = schema.shape as Record<string, ZodType>;
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !field.safeParse(undefined).success,
    schema: jsonSchema(field, 'input'),
  }));
}

function operationOf(def: AnyRouteDef): object {
  const responses = Object.fromEntries(
    Object.entries(def.responses).map(([status, r]) => [
      status,
      r.schema ? { description: r.description, content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } } : { description: r.description },
    ]),
  );
  return {
    summary: def.summary,
    tags: def.tags,
    security: SECURITY[def.auth],
    parameters: [...parametersOf(def.params, 'path'), ...parametersOf(def.query, 'query')],
    ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } } } : {}),
    responses,
  };
}

export class ApiDocs {
  private readonly routes: AnyRouteDef[] = [];
  private cached: object | null = null;

  constructor(private readonly info: { title: string; version: string }) {}

  add(def: AnyRouteDef): void {
    this.routes.push(def);
    this.cached = null;
  }

  list(): readonly AnyRouteDef[] {
    return this.routes;
  }

  document(): object {
    if (this.cached) return this.cached;
    const paths: Record<string, Record<string, object>> = {};
    for (const def of this.routes) {
      const path = def.url.replace(/:(\w+)/g, '{$1}');
      (paths[path] ??= {})[def.method.toLowerCase()] = operationOf(def);
    }
    this.cached = {
      openapi: '3.1.0',
      info: this.info,
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          consoleSession: { type: 'apiKey', in: 'cookie', name: 'tontill_console' },
        },
      },
      paths,
    };
    return this.cached;
  }
}

export const apiDocsPlugin = fp(
  async (app: FastifyInstance, opts: { title: string; version: string }) => {
    app.decorate('apiDocs', new ApiDocs(opts));
  },
  { name: 'api-docs' },
);
