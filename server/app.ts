import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { consoleHostGuard } from './auth/console-origin';
import { routeAuthPlugin } from './auth/guards';
import { checkoutRoutes } from './payment-pages/checkout-plugin';
import { tonConnectSandboxRoutes } from './tonconnect-bridge/tonconnect-sandbox-plugin';
import { consoleRoutes } from './console-api/console-plugin';
import { trustedProxies } from './config/config';
import type { LedgerDescription } from './console-api/ledger-routes';
import { widgetSessionRoutes } from './epp/widget-session-routes';
import { docsRoutes } from './http/docs-routes';
import { apiDocsPlugin } from './http/openapi';
import { serializableSchema } from './http/route';
import { merchantRoutes } from './merchant-api/merchant-routes';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { hostHeaderPlugin } from './plugins/host-header';
import { rateLimitPlugin } from './plugins/rate-limit';
import { restoreFreezePlugin } from './plugins/restore-freeze';
import { securityHeadersPlugin } from './plugins/security-headers';
import type { RuntimeHandle } from './runtime/runtime';
import type { Services } from './services';
import type { SqliteLedgerFile } from './storage/sqlite/sqlite-ledger-file';
import type { BackupService } from './backups/backup-service';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    runtime: RuntimeHandle | null;
  }
}

export interface AppOptions {
  services: Services;
  /** the chain, watcher and simulator (opening after the app listens); absent in tests that exercise the API alone */
  runtime?: RuntimeHandle;
  /** the ledger file, for the console's backup and restore (only a SQLite ledger has one) */
  ledgerFile?: SqliteLedgerFile;
  /** the automatic backups (Settings → Backups, the live stream's `backup` frames) */
  backups?: BackupService;
  /**
   * Where the ledger lives and this instance's part in it (GET /console/api/ledger): on PostgreSQL the
   * console shows pg_dump in place of its backups. Default: SQLite, watching while the runtime's watcher runs.
   */
  ledger?: LedgerDescription;
  /** omit for a silent app (tests); set to log with secrets redacted */
  logLevel?: string;
  /** sees every route as it is registered (tests walk them all) */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole HTTP app without listening: tests inject, the launcher listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    // Never echo secrets into logs: API keys and console sessions travel in these headers.
    logger: options.logLevel
      ? {
          level: options.logLevel,
          redact: ['req.headers["x-api-key"]', 'req.headers.cookie', 'req.headers.authorization'],
        }
      : false,
    logController: new LogController({ disableRequestLogging: options.logLevel !== 'debug' }),
    bodyLimit: services.config.bodyLimitBytes,
    // Off unless configured: X-Forwarded-* from a direct client would let it pick its own address and scheme.
    trustProxy: trustedProxies(services.config.trustProxy),
    // Errors raised before routing or by Node's HTTP parser get the documented shape too.
    frameworkErrors,
    clientErrorHandler,
    // Node would answer a request without Host with a bare, empty 400: hostHeaderPlugin answers it in the documented shape.
    http: { requireHostHeader: false },
    schemaController: {
      compilersFactory: { buildSerializer: compiledOnFirstUse, buildValidator: zodValidatesRequests },
    },
  });
  app.decorate('services', services);
  app.decorate('runtime', options.runtime ?? null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // 1. infrastructure, visible everywhere; route auth first, so that it sees (and guards) every route
  await app.register(routeAuthPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(hostHeaderPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(apiDocsPlugin, { title: 'TonTill payment service', version: '1' });
  await app.register(rateLimitPlugin, services.config.rateLimit);
  await app.register(consoleHostGuard, services.config);
  await app.register(restoreFreezePlugin);
  jsonBodiesOnly(app);

  // 2. domain routes, each in its own encapsulated scope; each route's declared auth is its guard
  await app.register(merchantRoutes);
  await app.register(widgetSessionRoutes);
  await app.register(checkoutRoutes);
  if (options.runtime?.info.mode === 'sandbox') await app.register(tonConnectSandboxRoutes);
  await app.register(consoleRoutes, {
    ledgerFile: options.ledgerFile ?? null,
    backups: options.backups ?? null,
    ledger: options.ledger ?? sqliteLedger(app),
  });
  await app.register(docsRoutes);
  app.get('/healthz', { config: { auth: 'public', rateLimit: false } }, async () => ({ ok: true }));
  return app;
}

/** A SQLite ledger is this instance's alone: it watches the chain whenever its watcher runs. */
function sqliteLedger(app: FastifyInstance): LedgerDescription {
  return {
    engine: 'sqlite',
    instance: () => null,
    watching: () => app.runtime?.current()?.watcher.status().running ?? false,
  };
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type SerializerFactory = CompilersFactory['buildSerializer'];

/**
 * Requests are checked by each route's zod schemas (`addRoute` in http/route.ts), never by
 * Fastify's Ajv: given this factory, Fastify never loads Ajv (a sixth of what a start evaluated),
 * and a route that hands Fastify a request schema fails the start instead of being checked twice.
 */
const zodValidatesRequests: CompilersFactory['buildValidator'] = () => () => {
  // Fastify names the route in the error it raises with this message
  throw new Error('declare the request schema in addRoute (zod), not for Fastify');
};

/**
 * Fastify's own serializers (fast-json-stringify), each compiled (from its zod schema) when its
 * route first answers rather than at start, where compiling all of them took a third of the time to listen.
 * test/server/response-serializers.test.ts compiles every one, so a bad schema still fails a test.
 */
const compiledOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile({ ...route, schema: serializableSchema(route.schema) }))(doc);
  };
};

/**
 * Bodies are JSON: any other media type is a 415 saying so (routes that take a form or a file add
 * their own parser). Fastify also parses text/plain, which is what `fetch` sends for a string body,
 * and the route's schema then refused the string as if its content were wrong.
 * `POST` with `Content-Type: application/json` and no body is a common client habit: treat it as no body.
 */
function jsonBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
