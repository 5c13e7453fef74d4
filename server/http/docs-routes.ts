import type { FastifyInstance } from 'fastify';
import type { AnyRouteDef } from './route';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function renderRoute(def: AnyRouteDef, doc: { paths: Record<string, Record<string, unknown>> }): string {
  const path = def.url.replace(/:(\w+)/g, '{$1}');
  const op = doc.paths[path]?.[def.method.toLowerCase()];
  const auth = { apiKey: 'x-api-key', console: 'console session', public: 'none' }[def.auth];
  return `<section><h3><span class="m">${def.method}</span> <code>${escapeHtml(def.url)}</code></h3>
<p>${escapeHtml(def.summary)}</p><p class="a">Auth: ${auth}</p>
<details><summary>Schema</summary><pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></details></section>`;
}

/** The OpenAPI document and a readable page rendered from it on the server (no scripts to allow). */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', async () => app.apiDocs.document());
  app.get('/docs', async (_request, reply) => {
    const doc = app.apiDocs.document() as { paths: Record<string, Record<string, unknown>> };
    const byTag = new Map<string, AnyRouteDef[]>();
    for (const def of app.apiDocs.list()) {
      const tag = def.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), def]);
    }
    const body = [...byTag].map(([tag, defs]) => `<h2>${escapeHtml(tag)}</h2>${defs.map((d) => renderRoute(d, doc)).join('')}`).join('');
    reply.header('Content-Security-Policy', DOCS_CSP).type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>TonTill API</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code,pre{font:13px ui-monospace,monospace}pre{background:#f4f5f7;padding:1rem;overflow:auto}.m{background:#0b63f6;color:#fff;padding:0 .4rem;border-radius:3px}
.a{color:#57606a}section{border-top:1px solid #d0d7de;padding:.5rem 0}</style></head><body>
<h1>TonTill API</h1><p>JSON in and out. Merchant endpoints take the <code>x-api-key</code> header. Errors are
<code>{"error":{"code","message","field"?}}</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a>.</p>${body}</body></html>`;
  });
}
