import type { FastifyInstance } from 'fastify';
import type { CashierRecord } from '../auth/cashiers';
import { LOGIN_LINK_TTL_MS } from '../auth/console-sessions';
import { actorOf } from '../auth/guards';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import type { AuditEntry } from '../settings/audit-log';
import {
  AuditPageSchema,
  AuditQuerySchema,
  CashierIdParamsSchema,
  CashierListSchema,
  CashierViewSchema,
  CreateCashierBodySchema,
  CreatedCashierSchema,
  SetCashierPassphraseBodySchema,
} from '../../contract/console-staff';

const TAGS = ['Console: cashiers and audit'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const presentCashier = (c: CashierRecord) => ({
  id: c.id,
  name: c.name,
  hasPassphrase: c.hasPassphrase,
  createdAt: iso(c.createdAt)!,
  lastSignInAt: iso(c.lastSignInAt),
  revokedAt: iso(c.revokedAt),
});
const presentEntry = (e: AuditEntry) => ({ ...e, at: iso(e.at)! });

/** Owner only ('console'): cashiers, their sign-in links and passphrases, and the audit log. */
export async function cashierRoutes(app: FastifyInstance): Promise<void> {
  const { cashiers, audit, clock } = app.services;
  const loginLink = (token: string) => ({
    path: `/console/login?token=${token}`,
    expiresAt: new Date(clock.now() + LOGIN_LINK_TTL_MS).toISOString(),
  });

  addRoute(app, {
    method: 'GET',
    url: '/cashiers',
    operationId: 'listCashiers',
    tags: TAGS,
    auth: 'console',
    summary: 'The cashiers, newest first, revoked ones included (never a passphrase)',
    responses: { 200: { description: 'Cashiers', schema: CashierListSchema } },
    handler: async () => ({ items: (await cashiers.list()).map(presentCashier) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/cashiers',
    operationId: 'createCashier',
    tags: TAGS,
    auth: 'console',
    summary: 'Add a cashier (optionally with a passphrase); answers their first one-time sign-in link',
    body: CreateCashierBodySchema,
    responses: { 200: { description: 'The cashier and their sign-in link', schema: CreatedCashierSchema } },
    handler: async ({ body }, request) => {
      const { cashier, loginToken } = await cashiers.create(body.name, body.passphrase ?? null, actorOf(request));
      return { cashier: presentCashier(cashier), loginLink: loginLink(loginToken) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/cashiers/:id/login-link',
    operationId: 'createCashierLoginLink',
    tags: TAGS,
    auth: 'console',
    summary: 'A new one-time sign-in link for a cashier (valid 15 minutes)',
    params: CashierIdParamsSchema,
    responses: { 200: { description: 'The link', schema: CreatedCashierSchema.shape.loginLink }, ...errors(404) },
    handler: async ({ params }, request) => loginLink(await cashiers.newLoginToken(params.id, actorOf(request))),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/cashiers/:id/passphrase',
    operationId: 'setCashierPassphrase',
    tags: TAGS,
    auth: 'console',
    summary: "Set or (with null) remove a cashier's passphrase (stored as a salted scrypt hash)",
    params: CashierIdParamsSchema,
    body: SetCashierPassphraseBodySchema,
    responses: { 200: { description: 'The cashier', schema: CashierViewSchema }, ...errors(404) },
    handler: async ({ params, body }, request) =>
      presentCashier(await cashiers.setPassphrase(params.id, body.passphrase, actorOf(request))),
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/cashiers/:id',
    operationId: 'revokeCashier',
    tags: TAGS,
    auth: 'console',
    summary: 'Revoke a cashier: their sessions and unused sign-in links end at once',
    params: CashierIdParamsSchema,
    responses: { 204: { description: 'Revoked' }, ...errors(404) },
    handler: async ({ params }, request, reply) => {
      await cashiers.revoke(params.id, actorOf(request));
      return reply.status(204).send();
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/audit',
    operationId: 'listAuditLog',
    tags: TAGS,
    auth: 'console',
    summary: 'Who did what (refunds, transfer decisions, settings, keys, webhooks, restores, cashiers), newest first',
    query: AuditQuerySchema,
    responses: { 200: { description: 'One page of the log', schema: AuditPageSchema } },
    handler: async ({ query }) => {
      // one more than asked: whether an older page exists, without a page that turns out empty
      const read = await audit.page(query.before ?? null, query.limit + 1);
      const items = read.slice(0, query.limit);
      return { items: items.map(presentEntry), nextBefore: read.length > query.limit ? items.at(-1)!.seq : null };
    },
  });
}
