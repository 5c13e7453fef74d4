import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { AppError, ErrorCode } from '../http/errors';
import { defaultConsoleDir } from '../config/built-dirs';
import { BUNDLED_BRIDGE_ORIGINS } from '../wallet-connect/wallets-list';

/**
 * The console is one origin's own app: nothing external, nothing inline, never framed. It is the
 * desktop window's page too (main/README.md), so nothing is allowed by default, only what it uses:
 * besides itself, only the HTTP bridges of the wallets it lists (Settings → Connect your wallet).
 */
export const CONSOLE_CSP =
  `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ${BUNDLED_BRIDGE_ORIGINS.join(' ')}; frame-src 'self'; ` +
  "img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
export const CONSOLE_BUILD_COMMAND = 'npm run build:console';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Serves the built console at /console/ (assets are content-hashed, so cached for good) with an SPA fallback. */
export async function consoleStatic(app: FastifyInstance, opts: { dir?: string } = {}): Promise<void> {
  const dir = opts.dir ?? defaultConsoleDir();
  const assets = new Map<string, Buffer>();

  const sendIndex = (reply: FastifyReply) => {
    const file = join(dir, 'index.html');
    if (!existsSync(file)) {
      return reply
        .code(503)
        .header('Content-Security-Policy', CONSOLE_CSP)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><title>Console not built</title><p>The console is not built on this server. Run <code>${CONSOLE_BUILD_COMMAND}</code>.</p>`,
        );
    }
    // The build uses relative URLs; from any deep path here they must be absolute.
    const html = readFileSync(file, 'utf8').replaceAll('"./assets/', '"/console/assets/');
    return reply
      .header('Content-Security-Policy', CONSOLE_CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get('/console', { config: { auth: 'public', rateLimit: false } }, (_request, reply) =>
    reply.redirect('/console/', 302),
  );
  app.get('/console/', { config: { auth: 'public', rateLimit: false } }, (_request, reply) => sendIndex(reply));
  app.get('/console/assets/:file', { config: { auth: 'public', rateLimit: false } }, (request, reply) => {
    const { file } = request.params as { file: string };
    if (!/^[\w.-]+$/.test(file)) throw new AppError(404, ErrorCode.notFound, 'no such asset');
    let body = assets.get(file);
    if (!body) {
      const path = join(dir, 'assets', file);
      if (!existsSync(path)) throw new AppError(404, ErrorCode.notFound, 'no such asset');
      body = readFileSync(path);
      assets.set(file, body);
    }
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', CONSOLE_CSP)
      .type(TYPES[extname(file)] ?? 'application/octet-stream')
      .send(body);
  });
  app.get('/console/*', { config: { auth: 'public', rateLimit: false } }, (request, reply) => {
    if (request.url.startsWith('/console/api/'))
      throw new AppError(404, ErrorCode.notFound, `no route for GET ${request.url.split('?')[0]}`);
    return sendIndex(reply);
  });
}
