import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDeepStrictEqual } from 'node:util';
import { z, type ZodType } from 'zod';
import { webhooksOf } from './openapi-webhooks';
import { implicitErrors, type ResponseDoc } from './responses';
import type { AnyRouteDef } from './route';

declare module 'fastify' {
  interface FastifyInstance {
    apiDocs: ApiDocs;
  }
}

type JsonSchema = Record<string, unknown>;

/** A response whose body is not JSON (a page, an event stream): its media type, and its schema if it has one. */
export type DocumentedResponse = ResponseDoc & { mediaType?: string };

/**
 * A route the document describes but `addRoute` does not register (a page, a stream, a file): the same
 * fields, without a handler. test/server/openapi-contract.test.ts checks that each one answers as described.
 */
export type DocumentedRoute = Omit<AnyRouteDef, 'handler' | 'responses'> & {
  responses: Record<number, DocumentedResponse>;
  /** Statuses its shape implies that it never answers: a page shows a bad id as its 404 page, not a 400, and a probe is not rate limited */
  neverAnswers?: number[];
};

const SECURITY: Record<AnyRouteDef['auth'], Array<Record<string, string[]>>> = {
  apiKey: [{ apiKey: [] }],
  // Alternatives: the browser console sends its cookie, the desktop app and the CLI a bearer token.
  console: [{ consoleSession: [] }, { consoleToken: [] }],
  staff: [{ consoleSession: [] }, { consoleToken: [] }],
  public: [],
};

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Create a key with `npm run keys -- create` or in the console',
  },
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tontill_console',
    description: 'Set by the console login link',
  },
  consoleToken: { type: 'http', scheme: 'bearer', description: 'A console session token (desktop app, command line)' },
};

const INTRO = [
  'JSON in and out. Merchant endpoints take your API key in the `x-api-key` header; call them from your backend only.',
  'Amounts are decimal strings (`"10.00"`, at most 6 decimals). Errors always look like `{"error":{"code","message","field"?}}`',
  'with stable codes. Sending the same `externalId` again returns the same payment (header `Idempotent-Replayed: true`).',
  '',
  "Four sections: the **Merchant API** (your backend), the **Webhooks** the service POSTs to you (each event's body and signature),",
  'the **Customer pages and files** and the **Console API**, which belongs to the merchant console and is not for integrations.',
  'The embeddable widget (events, callbacks, error codes, pinned versions, SRI) has its own reference: [widget reference](docs/widget).',
].join('\n');

/** The reference's top-level sections (`x-tagGroups`, which Scalar and Redoc show): what a shop's backend calls apart from the console's own API. */
const TAG_GROUPS = {
  merchant: { name: 'Merchant API', description: 'Your backend, with its API key (`x-api-key`)' },
  webhooks: { name: 'Webhooks', description: 'What the service POSTs to your endpoints and `callbackUrl`s' },
  pages: { name: 'Customer pages and files', description: "Public: what customers' browsers and probes load" },
  console: {
    name: 'Console API',
    description: 'The merchant console only (a console session, never the API key); not for integrations',
  },
} as const;
const PAGE_TAGS = new Set(['Checkout (public)', 'Customer pages', 'Widget', 'Service']);

function groupOf(tag: string): keyof typeof TAG_GROUPS {
  if (tag === 'Console' || tag.startsWith('Console:')) return 'console';
  if (tag === 'Webhooks') return 'webhooks';
  return PAGE_TAGS.has(tag) ? 'pages' : 'merchant';
}

/** Every tag the operations use, in `tags` (the document's order) and in exactly one group. */
function tagSections(tags: Iterable<string>): { tags: object[]; 'x-tagGroups': object[] } {
  const unique = [...new Set(tags)];
  const groups = Object.entries(TAG_GROUPS).map(([key, group]) => ({
    name: group.name,
    tags: unique.filter((tag) => groupOf(tag) === key),
  }));
  return {
    tags: groups.flatMap((g) => g.tags).map((name) => ({ name, description: TAG_GROUPS[groupOf(name)].description })),
    'x-tagGroups': groups.filter((g) => g.tags.length > 0),
  };
}

/** Rewrites zod's `#/$defs/X` (local to one schema) into references to the document's components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, '#/components/schemas/') : toComponentRefs(v),
    ]),
  );
}

/** Named schemas (`.meta({ id })`), request bodies and shared responses of the whole document, collected while its operations are rendered. */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  readonly requestBodies: Record<string, object> = {};
  readonly responses: Record<string, object> = {};

  response(r: DocumentedResponse): object {
    const body = r.schema ? { schema: this.schema(r.schema, 'output') } : {};
    const mediaType = r.mediaType ?? (r.schema ? 'application/json' : null);
    const rendered = mediaType
      ? { description: r.description, content: { [mediaType]: body } }
      : { description: r.description };
    if (!r.component) return rendered;
    this.responses[r.component] = rendered;
    return { $ref: `#/components/responses/${r.component}` };
  }

  /**
   * A JSON request body in its input form (a field with a default is optional). A named one is kept under
   * components.requestBodies, not components.schemas: openapi-typescript, as it comes, types a property
   * with a `default` as required everywhere except under a request body.
   */
  requestBody(schema: ZodType, required: boolean): object {
    const {
      $schema: _dialect,
      $defs,
      ...root
    } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const name = typeof root.$ref === 'string' ? root.$ref.replace(/^#\/\$defs\//, '') : null;
    for (const [defName, def] of Object.entries(defs)) {
      if (defName === name) continue;
      if (hasDefaultedProperty(def))
        throw new Error(
          `schema "${defName}" inside a request has a field with a default: generated clients would require it; inline it`,
        );
      this.add(defName, toComponentRefs(def) as JsonSchema);
    }
    const body = (bodySchema: JsonSchema) => ({
      required,
      content: { 'application/json': { schema: toComponentRefs(bodySchema) } },
    });
    if (!name) return body(root);
    this.requestBodies[name] = {
      ...(typeof defs[name]!.description === 'string' ? { description: defs[name]!.description } : {}),
      ...body(defs[name]!),
    };
    return { $ref: `#/components/requestBodies/${name}` };
  }

  /** A zod schema as an OpenAPI schema whose named parts are `$ref`s into components.schemas. */
  schema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
    const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
      this.add(name, toComponentRefs(def) as JsonSchema);
    return toComponentRefs(root) as JsonSchema;
  }

  private add(name: string, def: JsonSchema): void {
    const known = this.schemas[name];
    // One name, two shapes (a default or transform reads differently as input and output): the document would lie about one of them.
    if (known && !isDeepStrictEqual(known, def))
      throw new Error(`schema "${name}" renders differently where it is used; give each use its own id`);
    this.schemas[name] = def;
  }
}

function hasDefaultedProperty(def: JsonSchema): boolean {
  const properties = (def.properties ?? {}) as Record<string, JsonSchema>;
  return Object.values(properties).some((property) => 'default' in property);
}

/** Path and query parameters come from the object schema's own keys. */
function parametersOf(components: Components, schema: ZodType | undefined, where: 'path' | 'query'): object[] {
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  const shape = schema.shape as Record<string, ZodType>;
  return Object.entries(shape).map(([name, field]) => {
    const { description, ...fieldSchema } = components.schema(field, 'input');
    return {
      name,
      in: where,
      required: where === 'path' || !field.safeParse(undefined).success,
      ...(typeof description === 'string' ? { description } : {}),
      schema: fieldSchema,
    };
  });
}

/** Answered by a browser form whose success is a redirect: there is no 2xx, and tools expect one or a `default`. */
const REDIRECT_ONLY = { description: 'Nothing else: success is the redirect above (a browser form, not an API call)' };

function responsesOf(components: Components, def: DocumentedRoute): object {
  const implicit = Object.entries(implicitErrors(def)).filter(
    ([status]) => !def.neverAnswers?.includes(Number(status)),
  );
  const all: Record<number, DocumentedResponse> = { ...Object.fromEntries(implicit), ...def.responses };
  const rendered = Object.entries(all)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, r]) => [status, components.response(r)]);
  const statuses = Object.keys(all).map(Number);
  const redirectOnly =
    !statuses.some((status) => status >= 200 && status < 300) &&
    statuses.some((status) => status >= 300 && status < 400);
  return Object.fromEntries(redirectOnly ? [...rendered, ['default', REDIRECT_ONLY]] : rendered);
}

function requestBodyOf(components: Components, def: DocumentedRoute): object | undefined {
  if (def.rawBody) return { required: true, content: { [def.rawBody]: {} } };
  if (!def.body) return undefined;
  return components.requestBody(def.body, !def.body.safeParse(undefined).success);
}

function operationOf(components: Components, def: DocumentedRoute): object {
  const parameters = [...parametersOf(components, def.params, 'path'), ...parametersOf(components, def.query, 'query')];
  const requestBody = requestBodyOf(components, def);
  return {
    operationId: def.operationId,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    tags: def.tags,
    security: SECURITY[def.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(components, def),
  };
}

export class ApiDocs {
  private readonly routes: AnyRouteDef[] = [];
  private readonly documentedOnly: DocumentedRoute[] = [];
  private cached: {
    paths: object;
    webhooks: object;
    components: object;
    tags: object[];
    'x-tagGroups': object[];
  } | null = null;

  constructor(private readonly info: { title: string; version: string }) {}

  add(def: AnyRouteDef): void {
    this.routes.push(def);
    this.cached = null;
  }

  /** A route registered some other way (`app.get`), described here so the document covers it too. */
  addDocumented(def: DocumentedRoute): void {
    this.documentedOnly.push(def);
    this.cached = null;
  }

  list(): readonly AnyRouteDef[] {
    return this.routes;
  }

  /** The OpenAPI 3.1 document; `serverUrl` is where clients reach the service (its public URL). */
  document(serverUrl: string): object {
    this.cached ??= this.render();
    return {
      openapi: '3.1.0',
      info: { ...this.info, description: INTRO },
      servers: [{ url: serverUrl.replace(/\/+$/, '') }],
      ...this.cached,
    };
  }

  private render(): NonNullable<ApiDocs['cached']> {
    const components = new Components();
    const paths: Record<string, Record<string, object>> = {};
    const routes = [...this.routes, ...this.documentedOnly];
    for (const def of routes) {
      const path = def.url.replace(/:(\w+)/g, '{$1}');
      (paths[path] ??= {})[def.method.toLowerCase()] = operationOf(components, def);
    }
    const webhooks = webhooksOf((schema) => components.schema(schema, 'output'));
    const sorted = (record: Record<string, object>) =>
      Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
    return {
      ...tagSections([...routes.flatMap((def) => def.tags), 'Webhooks']),
      paths,
      webhooks,
      components: {
        schemas: sorted(components.schemas),
        requestBodies: sorted(components.requestBodies),
        responses: sorted(components.responses),
        securitySchemes: SECURITY_SCHEMES,
      },
    };
  }
}

export const apiDocsPlugin = fp(
  async (app: FastifyInstance, opts: { title: string; version: string }) => {
    app.decorate('apiDocs', new ApiDocs(opts));
  },
  { name: 'api-docs' },
);
