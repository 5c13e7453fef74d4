import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { consoleCsp } from '../security/content-security-policy';
import { CONSOLE_HOST } from '../security/is-internal-url';
import { isServiceFallbackPath, isServicePath } from './proxy-rules';
import { resolveAsset } from './resolve-asset';

export interface ConsoleProtocolOptions {
  /** the renderer's build output: index.html and assets/ */
  consoleDir: string;
  /** the in-process service, e.g. http://127.0.0.1:43127; null until it listens */
  serviceUrl: () => string | null;
  fetch?: typeof fetch;
}

// Hop-by-hop headers describe one connection, not the message; fetch decodes content-encoding
// itself, so the length and encoding it saw no longer describe the body we pass on.
const DROPPED_REQUEST_HEADERS = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length'];
const DROPPED_RESPONSE_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'content-encoding'];

const jsonError = (status: number, code: string, message: string): Response =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

const withoutHeaders = (source: Headers, dropped: readonly string[]): Headers => {
  const headers = new Headers(source);
  for (const name of dropped) headers.delete(name);
  return headers;
};

/** Forwards the request to the service and streams its answer back (the checkout's event stream stays live). */
async function proxy(request: Request, url: URL, base: string | null, doFetch: typeof fetch): Promise<Response> {
  if (!base) return jsonError(503, 'SERVICE_UNAVAILABLE', 'the payment service is still starting');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await doFetch(new URL(`${url.pathname}${url.search}`, base), {
      method: request.method,
      headers: withoutHeaders(request.headers, DROPPED_REQUEST_HEADERS),
      body: hasBody ? await request.arrayBuffer() : null,
      // The renderer sees the service's own redirects, relative to app://console/.
      redirect: 'manual',
      signal: request.signal,
    });
  } catch (err) {
    return jsonError(502, 'SERVICE_UNAVAILABLE', `the payment service did not answer: ${(err as Error).message}`);
  }
  return new Response(upstream.body, {
    status: upstream.status, statusText: upstream.statusText,
    headers: withoutHeaders(upstream.headers, DROPPED_RESPONSE_HEADERS),
  });
}

/** Without a renderer build the window would stay blank; say what to run instead. */
const notBuilt = (csp: string): Response => new Response(
  '<!doctype html><meta charset="utf-8"><title>TonTill</title><p>The console is not built. Run <code>npm run build:console</code> and start again.</p>',
  { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp } },
);

const originOf = (url: string | null): string | null => (url ? new URL(url).origin : null);

/** The build links './assets/…'; from a deep path that would resolve below it, so index.html gets absolute links. */
async function readConsoleFile(file: string, isIndex: boolean): Promise<Uint8Array<ArrayBuffer> | string> {
  return isIndex ? (await readFile(file, 'utf8')).replaceAll('"./assets/', '"/assets/') : new Uint8Array(await readFile(file));
}

async function serveFile(file: string, type: string, isIndex: boolean, isHead: boolean, csp: string): Promise<Response> {
  const body = await readConsoleFile(file, isIndex);
  return new Response(isHead ? null : body, {
    headers: {
      'Content-Type': type,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      // Vite names assets by content hash; index.html must be re-read so a new build is picked up.
      'Cache-Control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
    },
  });
}

/** The app:// handler: console files from the build, service paths proxied to the service. */
export function createConsoleProtocolHandler(options: ConsoleProtocolOptions): (request: Request) => Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  return async (request) => {
    const url = new URL(request.url);
    if (url.hostname !== CONSOLE_HOST) return jsonError(404, 'NOT_FOUND', `unknown host ${url.hostname}`);
    if (isServicePath(url.pathname)) return proxy(request, url, options.serviceUrl(), doFetch);
    const isHead = request.method === 'HEAD';
    if (request.method !== 'GET' && !isHead) return jsonError(405, 'METHOD_NOT_ALLOWED', 'console files are read-only');
    const asset = resolveAsset(options.consoleDir, url.pathname);
    const csp = consoleCsp(originOf(options.serviceUrl()));
    if (asset.kind === 'file') return serveFile(asset.file, asset.type, asset.isIndex, isHead, csp);
    if (asset.kind === 'forbidden') return jsonError(403, 'FORBIDDEN', 'path outside the console');
    if (isServiceFallbackPath(url.pathname)) return proxy(request, url, options.serviceUrl(), doFetch);
    if (extname(url.pathname) === '') return notBuilt(csp);
    return jsonError(404, 'NOT_FOUND', `no console file ${url.pathname}`);
  };
}
