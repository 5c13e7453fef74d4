import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../contract/shared-helpers';
import { defaultWebDir } from '../config/built-dirs';
import { AppError, ErrorCode } from './errors';
import { documentPages } from './page-docs';

/**
 * Scripts only from this origin and only as files; the viewer fetches nothing but /openapi.json (and,
 * from its "try it" client, this service). Styles may be inline: the viewer injects its stylesheet
 * and theme as <style> elements at run time.
 */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; " +
  "font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const BUILD_COMMAND = 'npm run build:web';
/** The widget reference is a plain page: no script at all, its one stylesheet inline, nothing loaded from anywhere. */
const WIDGET_DOCS_CSP =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const VERSION = /^[0-9A-Za-z.+-]{1,40}$/;

/** Everything that would reach outside this service is off: fonts from Scalar's CDN, its AI agent, its developer toolbar. */
const VIEWER_CONFIG = {
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
  showDeveloperTools: 'never',
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  documentDownloadType: 'json',
  persistAuth: false,
  // grouped tags (x-tagGroups) start folded otherwise, and a reader would see no operation at all
  defaultOpenAllTags: true,
};

interface Bundle {
  name: string;
  path: string;
  /** the build's gzip copy (absent in a build older than it) */
  gzipped: string | null;
}

/**
 * The viewer bundle (4 MB, 1 MB gzipped), named by its content's hash on first use and streamed
 * from disk at each request: a service whose docs page was opened once kept both copies resident.
 */
function viewerBundle(dir: string): () => Bundle | null {
  let bundle: Bundle | null = null;
  return () => {
    const path = join(dir, 'docs/scalar.js');
    if (!bundle && existsSync(path)) {
      const hash = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
      bundle = { name: `scalar.${hash}.js`, path, gzipped: existsSync(`${path}.gz`) ? `${path}.gz` : null };
    }
    return bundle;
  };
}

// Relative URLs: the page keeps working when a proxy mounts the service under a path prefix.
const page = (bundle: Bundle): string => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>TonTill API reference</title></head><body>
<p style="margin:0;padding:.5rem 1rem;font:14px system-ui,sans-serif">The embeddable widget (events, callbacks, error codes, pinned versions, SRI): <a href="docs/widget">widget reference</a></p>
<script id="api-reference" type="application/json" data-url="openapi.json" data-configuration="${escapeHtml(JSON.stringify(VIEWER_CONFIG))}"></script>
<script src="docs/assets/${bundle.name}"></script></body></html>`;

const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TonTill API reference</title></head><body>
<p>The API reference viewer is not built on this server: run <code>${BUILD_COMMAND}</code>. The document itself is at <a href="openapi.json">/openapi.json</a>.</p></body></html>`;

function sendBundle(bundle: Bundle, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const gzip = bundle.gzipped !== null && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  // Content-hashed name: cached for good, never revalidated.
  reply
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Vary', 'Accept-Encoding')
    .type('text/javascript; charset=utf-8');
  if (gzip) reply.header('Content-Encoding', 'gzip');
  return reply.send(createReadStream(gzip ? bundle.gzipped! : bundle.path));
}

/** A file of the web build, read when asked: the build may come after the service starts. */
function builtFile(dir: string, path: string): Buffer | null {
  const file = join(dir, path);
  return existsSync(file) ? readFileSync(file) : null;
}

/**
 * The OpenAPI document, a reference page rendered from it in the browser by Scalar's viewer, served
 * from here, the widget's reference (widget/README.md as a page) and its npm package, until it is on the registry.
 */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const webDir = defaultWebDir();
  const bundle = viewerBundle(webDir);
  documentPages(app.apiDocs);
  app.get('/docs/widget', { config: { auth: 'public' } }, async (_request, reply) => {
    const page = builtFile(webDir, 'docs/widget.html');
    reply
      .header('Content-Security-Policy', WIDGET_DOCS_CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    return page ? reply.send(page) : reply.code(503).send(notBuilt);
  });
  app.get(
    '/widgets/tontill-widget-:version.tgz',
    { config: { auth: 'public', rateLimit: false } },
    async (request, reply) => {
      const { version } = request.params as { version: string };
      const tarball = VERSION.test(version) ? builtFile(webDir, `widgets/tontill-widget-${version}.tgz`) : null;
      if (!tarball)
        throw new AppError(404, ErrorCode.notFound, `no widget package ${version}; see /widgets/versions.json`);
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', `attachment; filename="tontill-widget-${version}.tgz"`)
        .type('application/gzip')
        .send(tarball);
    },
  );
  app.get('/openapi.json', { config: { auth: 'public' } }, async () => app.apiDocs.document(app.services.publicUrl()));
  app.get('/docs', { config: { auth: 'public' } }, async (_request, reply) => {
    const built = bundle();
    reply
      .header('Content-Security-Policy', DOCS_CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    return built ? page(built) : reply.code(503).send(notBuilt);
  });
  app.get('/docs/assets/:file', { config: { auth: 'public', rateLimit: false } }, async (request, reply) => {
    const built = bundle();
    if (!built || (request.params as { file: string }).file !== built.name)
      throw new AppError(404, ErrorCode.notFound, 'no such asset');
    return sendBundle(built, request, reply);
  });
}
