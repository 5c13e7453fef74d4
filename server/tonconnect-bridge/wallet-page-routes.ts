/**
 * The sandbox wallet's pages: `GET /sandbox-wallet?v=2&id=…&r=…` (the universal link target) asks
 * "Connect to <app>?" and as which sandbox account; the session page then lists the app's requests
 * with Approve / Reject, refreshing itself. Plain forms, no script.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consoleOriginsOf, crossSiteRefusal, requestHeader } from '../auth/console-origin';
import { DomainError } from '../domain/errors';
import { AppError, ErrorCode } from '../http/errors';
import {
  parseConnectLink,
  WalletRequestError,
  type SandboxAccountName,
  type SandboxTonConnectWallet,
} from '../sandbox/sandbox-tonconnect-wallet';
import { SANDBOX_WALLET_PATH } from './sandbox-wallet-entry';
import { connectPage, messagePage, sessionPage, WALLET_PAGE_CSP } from './wallet-page-html';
import { accountLabel, loadManifest, sandboxAccounts, type ManifestLoad } from './wallet-app-manifest';

const FORM = 'application/x-www-form-urlencoded';
const PUBLIC = { config: { auth: 'public' as const } };

type Fields = Record<string, string | undefined>;

/** Back to a session's page; the id comes from the URL as typed, so it is encoded (a NUL or newline cannot reach a header). */
const sessionPath = (sessionId: string): string => `${SANDBOX_WALLET_PATH}/session/${encodeURIComponent(sessionId)}`;

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('Content-Security-Policy', WALLET_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** A bad link or field is the person's to see: a page naming the field, with a 400. */
function refusal(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof DomainError) return sendPage(reply, 400, messagePage('This link does not work', err.message));
  throw err;
}

/** Under `Referrer-Policy: no-referrer` Chromium posts a form with `Origin: null`; Sec-Fetch-Site then says where from. */
function assertSameOrigin(app: FastifyInstance, request: FastifyRequest): void {
  const origin = requestHeader(request, 'origin');
  const secFetchSite = requestHeader(request, 'sec-fetch-site');
  const why = crossSiteRefusal(
    { origin: origin === 'null' && secFetchSite === 'same-origin' ? undefined : origin, secFetchSite },
    consoleOriginsOf(request, app.services.config.publicUrl),
  );
  if (why) throw new AppError(403, ErrorCode.forbidden, `the sandbox wallet takes its own forms only: ${why}`);
}

const accountOf = (text: string | undefined): SandboxAccountName => (text === 'merchant' ? 'merchant' : 'payer');

export async function walletPageRoutes(
  app: FastifyInstance,
  options: { wallet: SandboxTonConnectWallet; manifests: ManifestLoad },
): Promise<void> {
  const { wallet, manifests } = options;
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(SANDBOX_WALLET_PATH, PUBLIC, async (request, reply) => {
    const query = request.query as Fields;
    try {
      const link = parseConnectLink(query);
      const app_ = await loadManifest(manifests, request, link.request.manifestUrl);
      return sendPage(
        reply,
        200,
        connectPage({
          appName: app_.name,
          appUrl: app_.url,
          link: { v: query.v!, id: query.id!, r: query.r! },
          accounts: await sandboxAccounts(manifests),
          chosen: accountOf(query.account),
          asksProof: link.request.items.some((i) => i.name === 'ton_proof'),
        }),
      );
    } catch (err) {
      return refusal(reply, err);
    }
  });

  app.post(`${SANDBOX_WALLET_PATH}/connect`, PUBLIC, async (request, reply) => {
    assertSameOrigin(app, request);
    const form = (request.body ?? {}) as Fields;
    try {
      const link = parseConnectLink(form);
      if (form.decision !== 'approve') {
        wallet.decline(link);
        return sendPage(reply, 200, messagePage('Declined', 'The app was told you declined. You can close this tab.'));
      }
      const app_ = await loadManifest(manifests, request, link.request.manifestUrl);
      const session = await wallet.connect(link, app_, accountOf(form.account));
      return reply.redirect(`${SANDBOX_WALLET_PATH}/session/${session.id}`, 303);
    } catch (err) {
      return refusal(reply, err);
    }
  });

  app.get(`${SANDBOX_WALLET_PATH}/session/:sessionId`, PUBLIC, async (request, reply) => {
    const session = wallet.session((request.params as { sessionId: string }).sessionId);
    if (!session) return sendPage(reply, 404, messagePage('No such session', 'Open the app and connect again.'));
    return sendPage(reply, 200, sessionPage(session, accountLabel(session.account)));
  });

  app.post(`${SANDBOX_WALLET_PATH}/session/:sessionId/requests/:requestId`, PUBLIC, async (request, reply) => {
    assertSameOrigin(app, request);
    const { sessionId, requestId } = request.params as { sessionId: string; requestId: string };
    const decision = ((request.body ?? {}) as Fields).decision;
    try {
      if (decision === 'approve') await wallet.approve(sessionId, requestId);
      else wallet.reject(sessionId, requestId);
    } catch (err) {
      if (!(err instanceof WalletRequestError)) throw err;
      return sendPage(reply, 404, messagePage('No such request', 'It was answered already, or the session ended.'));
    }
    return reply.redirect(sessionPath(sessionId), 303);
  });

  app.post(`${SANDBOX_WALLET_PATH}/session/:sessionId/disconnect`, PUBLIC, async (request, reply) => {
    assertSameOrigin(app, request);
    const { sessionId } = request.params as { sessionId: string };
    wallet.disconnect(sessionId);
    return reply.redirect(sessionPath(sessionId), 303);
  });
}
