import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { z } from 'zod';
import { consoleOriginsOf, crossSiteRefusal, requestHeader } from '../auth/console-origin';
import { actorOf } from '../auth/guards';
import { LOGIN_LINK_TTL_MS } from '../auth/console-sessions';
import { AppError, ErrorCode } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute, parsePart } from '../http/route';
import {
  ConsoleLoginLinkSchema,
  ConsolePassphraseLoginSchema,
  ConsolePassphraseStatusSchema,
  PASSPHRASE_MIN_LENGTH,
  RemoveConsolePassphraseBodySchema,
  SetConsolePassphraseBodySchema,
} from '../../contract/console';
import { CONSOLE_CSP } from './console-static';
import { isSecure, sessionCookie, SESSION_COOKIE_SECONDS } from './console-routes';
import { LOGIN_CSS, renderLoginPage, type LoginPage } from './login-page';

const TAGS = ['Console'];
const FORM = 'application/x-www-form-urlencoded';

function sendPage(reply: FastifyReply, status: number, page: LoginPage): FastifyReply {
  return reply
    .status(status)
    .header('Content-Security-Policy', CONSOLE_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderLoginPage(page));
}

/** The signed-in console: the session cookie, then the console itself (after a POST, 303 makes the browser GET it). */
function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: string,
  status: 302 | 303,
): FastifyReply {
  reply.header('Set-Cookie', sessionCookie(session, SESSION_COOKIE_SECONDS, isSecure(app, request)));
  return reply.redirect('/console/', status);
}

/**
 * Where the form was posted from. Under the service's `Referrer-Policy: no-referrer` Chromium sends
 * `Origin: null` for a form post, even from the page itself; then Sec-Fetch-Site alone must say same-origin.
 */
function formOrigin(request: FastifyRequest): { origin: string | undefined; secFetchSite: string | undefined } {
  const origin = requestHeader(request, 'origin');
  const secFetchSite = requestHeader(request, 'sec-fetch-site');
  return { origin: origin === 'null' && secFetchSite === 'same-origin' ? undefined : origin, secFetchSite };
}

/** The console's sign-in doors: outside the guarded prefix, since they are how a session starts. */
export async function consoleLoginRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, passphrase, signInGuesses, cashiers } = app.services;
  // the form is offered when the owner or any cashier has a passphrase
  const anyPassphrase = async () => (await passphrase.status()).isSet || (await cashiers.anyPassphrase());
  /** The owner's session when `name` is empty, a cashier's when it names one; null when the passphrase is not theirs. */
  const sessionFor = async (name: string, presented: string): Promise<string | null> => {
    if (name.trim() !== '') return cashiers.signIn(name, presented);
    return (await passphrase.verify(presented)) ? sessions.createSession() : null;
  };
  // Only here: the login form is the one plain HTML form the service accepts.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/console/login.css', { config: { auth: 'public', rateLimit: false } }, (_request, reply) =>
    reply
      .header('Content-Security-Policy', CONSOLE_CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/css; charset=utf-8')
      .send(LOGIN_CSS),
  );

  addRoute(app, {
    method: 'GET',
    url: '/console/login',
    operationId: 'consoleLogin',
    tags: TAGS,
    auth: 'public',
    summary: 'Redeem a one-time login link (sets the console session cookie), or show the sign-in page',
    description:
      'Without a token: the passphrase form when one is set, and how to get a new link. A used or expired token: the same page, 401.',
    query: z.object({ token: z.string().min(1).max(100).optional() }),
    responses: {
      200: { description: 'The sign-in page (HTML)' },
      302: { description: 'Signed in; redirect to the console' },
      401: { description: 'The link was used or has expired (HTML page)' },
    },
    handler: async ({ query }, request, reply) => {
      const hasPassphrase = await anyPassphrase();
      if (query.token === undefined) return sendPage(reply, 200, { state: 'sign-in', hasPassphrase });
      const session = await sessions.redeemLoginToken(query.token);
      if (!session) return sendPage(reply, 401, { state: 'link-used', hasPassphrase });
      return signIn(app, request, reply, session, 302);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/console/login',
    operationId: 'consolePassphraseLogin',
    tags: TAGS,
    auth: 'public',
    summary: "Sign in with the owner's passphrase, or a cashier's name and passphrase (the sign-in page's form)",
    rawBody: FORM,
    bodyLimit: 4096,
    responses: {
      303: { description: 'Signed in; redirect to the console' },
      401: { description: 'Wrong passphrase, or none is set (HTML page)' },
      429: { description: 'Too many wrong passphrases from this address (HTML page)' },
      ...errors(403),
    },
    handler: async (_input, request, reply) => {
      const refusal = crossSiteRefusal(formOrigin(request), consoleOriginsOf(request, app.services.config.publicUrl));
      if (refusal)
        throw new AppError(403, ErrorCode.forbidden, `sign-in must come from the console's own page: ${refusal}`);
      const { passphrase: presented, name = '' } = parsePart(ConsolePassphraseLoginSchema, request.body, 'body');
      const hasPassphrase = await anyPassphrase();
      // the comparison runs inside the lockout, which hands back only whether it matched
      const signedIn: { session: string | null } = { session: null };
      const outcome = await signInGuesses.guess(normalizeIP(request.ip), async () => {
        signedIn.session = await sessionFor(name, presented);
        return signedIn.session !== null;
      });
      if (outcome.locked) {
        const wait = outcome.retryAfterSeconds;
        return sendPage(reply.header('Retry-After', String(wait)), 429, {
          state: 'rate-limited',
          hasPassphrase,
          retryAfterSeconds: wait,
        });
      }
      if (signedIn.session === null)
        return sendPage(reply, 401, { state: hasPassphrase ? 'wrong-passphrase' : 'sign-in', hasPassphrase });
      return signIn(app, request, reply, signedIn.session, 303);
    },
  });
}

/** Under /console/api: new login links (for the CLI) and the passphrase, whose hash never leaves the service. */
export async function signInApiRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, passphrase, signInGuesses, clock } = app.services;
  const status = async () => {
    const s = await passphrase.status();
    return {
      isSet: s.isSet,
      updatedAt: s.updatedAt === null ? null : new Date(s.updatedAt).toISOString(),
      minLength: PASSPHRASE_MIN_LENGTH,
    };
  };

  addRoute(app, {
    method: 'POST',
    url: '/login-links',
    operationId: 'createConsoleLoginLink',
    tags: TAGS,
    auth: 'console',
    summary: 'Make a one-time console login link (valid 15 minutes); `npm run console -- link` prints it',
    responses: { 200: { description: "The link's path on this service", schema: ConsoleLoginLinkSchema } },
    handler: async (_input, request) => {
      const token = await sessions.createLoginToken();
      await app.services.audit.record(actorOf(request), 'console.login_link', null);
      return {
        path: `/console/login?token=${token}`,
        expiresAt: new Date(clock.now() + LOGIN_LINK_TTL_MS).toISOString(),
      };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/passphrase',
    operationId: 'getConsolePassphrase',
    tags: TAGS,
    auth: 'console',
    summary: 'Whether a sign-in passphrase is set (never the passphrase or its hash)',
    responses: { 200: { description: 'Its status', schema: ConsolePassphraseStatusSchema } },
    handler: status,
  });

  /** Once one is set, only who knows it may change or remove it; each try spends one of the address's sign-in guesses. */
  const requireCurrent = async (presented: string | undefined, request: FastifyRequest): Promise<void> => {
    if (!(await passphrase.status()).isSet) return;
    if (presented === undefined)
      throw new AppError(400, ErrorCode.validation, 'is required to change or remove it', 'currentPassphrase');
    const outcome = await signInGuesses.guess(normalizeIP(request.ip), () => passphrase.verify(presented));
    if (outcome.locked) {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      throw new AppError(
        429,
        ErrorCode.rateLimited,
        `too many wrong passphrases from this address; try again in ${minutes} min`,
        'currentPassphrase',
      );
    }
    if (!outcome.matched) throw new AppError(400, ErrorCode.validation, 'is not right', 'currentPassphrase');
  };

  addRoute(app, {
    method: 'PUT',
    url: '/passphrase',
    operationId: 'setConsolePassphrase',
    tags: TAGS,
    auth: 'console',
    summary: 'Set or change the sign-in passphrase (stored as a salted scrypt hash); a change takes the current one',
    body: SetConsolePassphraseBodySchema,
    responses: { 200: { description: 'Set', schema: ConsolePassphraseStatusSchema }, ...errors(429) },
    handler: async ({ body }, request) => {
      await requireCurrent(body.currentPassphrase, request);
      await passphrase.set(body.passphrase, actorOf(request));
      return status();
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/passphrase',
    operationId: 'removeConsolePassphrase',
    tags: TAGS,
    auth: 'console',
    summary: 'Remove the sign-in passphrase (takes the current one): only login links sign in afterwards',
    body: RemoveConsolePassphraseBodySchema,
    responses: { 200: { description: 'Removed', schema: ConsolePassphraseStatusSchema }, ...errors(429) },
    handler: async ({ body }, request) => {
      await requireCurrent(body.currentPassphrase, request);
      await passphrase.remove(actorOf(request));
      return status();
    },
  });
}
