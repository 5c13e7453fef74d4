import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z, type ZodType } from 'zod';
import { AppError, ErrorCode } from './errors';
import { inputProblemIn } from './input-limits';
import { shapeOnly } from './serializer-schema';
import type { ResponseDoc } from './responses';

/**
 * Who may call a route. 'console' is the owner's console only, so a new console route is closed to
 * cashiers until someone opens it on purpose; 'staff' is any console session, owner or cashier.
 */
export type RouteAuth = 'apiKey' | 'console' | 'staff' | 'public';
type Infer<T> = T extends ZodType ? z.output<T> : undefined;

export interface RouteDef<B extends ZodType | undefined, P extends ZodType | undefined, Q extends ZodType | undefined> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  /** Stable camelCase name: generated clients call the operation by it, so never rename one. */
  operationId: string;
  /** A short title, plain text */
  summary: string;
  /** Markdown, when the title is not enough */
  description?: string;
  tags: string[];
  /** Who may call it; enforced, not only documented: routeAuthPlugin installs the matching guard. */
  auth: RouteAuth;
  body?: B;
  /** The media type of a body that is not JSON (documented only; the route parses it itself) */
  rawBody?: string;
  /** Overrides the service's body limit for this route, in bytes */
  bodyLimit?: number;
  params?: P;
  query?: Q;
  /**
   * Documented responses by status: the 2xx one describes what the handler returns; errors only the
   * handler raises (404, 409, ...) are listed here, the rest come from the route's shape (implicitErrors).
   */
  responses: Record<number, ResponseDoc>;
  handler(
    input: { body: Infer<B>; params: Infer<P>; query: Infer<Q> },
    request: FastifyRequest,
    reply: FastifyReply,
  ): unknown;
}

// Erased form kept by the OpenAPI registry: it only reads schemas and metadata.
export type AnyRouteDef = RouteDef<ZodType | undefined, ZodType | undefined, ZodType | undefined>;

/** Validates one part of the request; the first problem becomes a 400 naming the field. */
export function parsePart<T extends ZodType>(
  schema: T,
  value: unknown,
  part: 'body' | 'params' | 'query',
): z.output<T> {
  const unstorable = inputProblemIn(value);
  if (unstorable) {
    const field = unstorable.path || part;
    throw new AppError(400, ErrorCode.validation, `${field}: ${unstorable.message}`, field);
  }
  const result = schema.safeParse(value === null && part === 'body' ? undefined : value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const field = path || part;
  const message =
    issue?.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : (issue?.message ?? 'invalid');
  const unknownField = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const named = unknownField ? (path ? `${path}.${unknownField}` : unknownField) : field;
  throw new AppError(400, ErrorCode.validation, `${named}: ${message}`, named);
}

/**
 * A 2xx response's zod schema, handed to Fastify as is and turned into JSON Schema only when the
 * route first answers: converting all of them took a tenth of the time to start. Fastify leaves a
 * schema whose prototype is not Object's alone until the serializer compiler gets it
 * (`serializableSchema`, in server/app.ts); fast-json-stringify then serialises with a compiled
 * function instead of JSON.stringify, and never sends a field the schema lacks.
 */
export class ResponseSchema {
  constructor(readonly zod: ZodType) {}
}

function responseSerializers(responses: AnyRouteDef['responses']): Record<number, ResponseSchema> {
  const out: Record<number, ResponseSchema> = {};
  for (const [status, response] of Object.entries(responses)) {
    if (response.schema && Number(status) < 300) out[Number(status)] = new ResponseSchema(response.schema);
  }
  return out;
}

/** Converted once per zod schema: many routes answer with the same one. */
const jsonSchemas = new WeakMap<ZodType, object>();

/**
 * The JSON Schema fast-json-stringify compiles: a route's ResponseSchema converted to its shape alone
 * (`shapeOnly`: the serializer must never refuse a value the request schema let in), any other schema as it is.
 */
export function serializableSchema(schema: unknown): unknown {
  if (!(schema instanceof ResponseSchema)) return schema;
  let json = jsonSchemas.get(schema.zod);
  if (!json) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema.zod, { io: 'output', unrepresentable: 'any' });
    jsonSchemas.set(schema.zod, (json = shapeOnly(rest) as object));
  }
  return json;
}

/**
 * Registers a route whose request parts are zod schemas; the same definition feeds the OpenAPI document
 * and, through `config.auth`, the route's guard.
 */
export function addRoute<B extends ZodType | undefined, P extends ZodType | undefined, Q extends ZodType | undefined>(
  app: FastifyInstance,
  def: RouteDef<B, P, Q>,
): void {
  app.apiDocs.add({ ...(def as unknown as AnyRouteDef), url: `${app.prefix}${def.url}` });
  app.route({
    method: def.method,
    url: def.url,
    config: { auth: def.auth },
    ...(def.bodyLimit === undefined ? {} : { bodyLimit: def.bodyLimit }),
    schema: { response: responseSerializers(def.responses) },
    handler: async (request, reply) => {
      const input = {
        body: (def.body ? parsePart(def.body, request.body, 'body') : undefined) as Infer<B>,
        params: (def.params ? parsePart(def.params, request.params, 'params') : undefined) as Infer<P>,
        query: (def.query ? parsePart(def.query, request.query, 'query') : undefined) as Infer<Q>,
      };
      return def.handler(input, request, reply);
    },
  });
}
