/**
 * The one place the console touches the network: relative URLs, JSON, and the console credential.
 * Every answer is parsed with its contract schema here, so a screen never sees a shape it was not written for.
 */

import { config, type z, type ZodType } from 'zod';
import { DesktopSessionSchema, type DesktopApi } from '../../contract/desktop';
import { ErrorBodySchema } from '../../contract/errors';

// The console's CSP forbids eval: without this zod would probe `new Function` once, and the browser
// reports the refused probe as a CSP violation although zod swallows it.
config({ jitless: true });

declare global {
  interface Window {
    /** Set by the desktop app's preload script; absent in a browser (the login cookie is used instead). */
    tontill?: DesktopApi;
  }
}

export const API = '/console/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let bearer: Promise<string | null> | null = null;
let origin = '';

/**
 * For tests only (test/renderer builds the store in Node): sends every call to the service at
 * `baseUrl` with a console session token. The console never calls it, so a browser keeps relative
 * URLs and its login cookie, and the desktop app the token from its preload bridge.
 */
export function configureApiClient(target: { baseUrl: string; token: string }): void {
  origin = target.baseUrl.replace(/\/+$/, '');
  bearer = Promise.resolve(target.token);
}

/** The desktop shell hands out a per-launch token; a browser relies on the HttpOnly cookie. */
function token(): Promise<string | null> {
  bearer ??= window.tontill
    ? window.tontill.getSession().then(
        (s) => DesktopSessionSchema.parse(s).token,
        () => null,
      )
    : Promise.resolve(null);
  return bearer;
}

/**
 * The service refuses cookie-borne console changes without this header or a JSON body (CSRF): a page
 * on another origin cannot send either without a CORS preflight. Sent always, so uploads and
 * bodiless DELETEs pass too.
 */
const CONSOLE_HEADER = { 'x-tontill-console': '1' };

async function headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const t = await token();
  return t ? { ...CONSOLE_HEADER, ...extra, authorization: `Bearer ${t}` } : { ...CONSOLE_HEADER, ...extra };
}

async function failure(res: Response): Promise<ApiError> {
  const body = ErrorBodySchema.safeParse(await res.json().catch(() => null));
  if (body.success)
    return new ApiError(res.status, body.data.error.code, body.data.error.message, body.data.error.field);
  return new ApiError(res.status, 'HTTP_ERROR', `${res.status} ${res.statusText}`);
}

/** The answer as its schema describes it; anything else is a BAD_RESPONSE naming the path and the first problem. */
async function parsed<S extends ZodType>(schema: S, res: Response, method: string, path: string): Promise<z.output<S>> {
  const body: unknown = await res.json().catch(() => undefined);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'body';
  throw new ApiError(
    res.status,
    'BAD_RESPONSE',
    `${method} ${API}${path} answered in an unexpected shape (${where}: ${issue?.message ?? 'not JSON'}); are the console and the service the same version?`,
  );
}

export type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function request<S extends ZodType>(
  schema: S,
  method: string,
  path: string,
  body?: unknown,
): Promise<z.output<S>> {
  const res = await send(method, path, body);
  if (!res.ok) throw await failure(res);
  return parsed(schema, res, method, path);
}

/** For the answers without a body (204): logout, revoke, delete. */
export async function requestNoContent(method: string, path: string, body?: unknown): Promise<void> {
  const res = await send(method, path, body);
  if (!res.ok) throw await failure(res);
}

/**
 * Sends once; in the desktop app a 401 means the session ended (logout, 12 h), so ask main for a new one.
 * A client configured for tests has no bridge to ask.
 */
async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await attempt(method, path, body);
  if (res.status !== 401 || origin || !window.tontill) return res;
  bearer = null;
  return attempt(method, path, body);
}

async function attempt(method: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(`${origin}${API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: await headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The service is not reachable. Is it running?');
  }
}

/** The absolute URL of an API path, for what fetch cannot do (EventSource). */
export const apiUrl = (path: string): string => `${origin}${API}${path}`;

export const get = <S extends ZodType>(schema: S, path: string, query?: Query): Promise<z.output<S>> =>
  request(schema, 'GET', withQuery(path, query));
export const post = <S extends ZodType>(schema: S, path: string, body: unknown = {}): Promise<z.output<S>> =>
  request(schema, 'POST', path, body);

/** Downloads a file the API streams (CSV, backups) and hands it to the browser as a file. */
export async function download(
  path: string,
  query: Query,
  fallbackName: string,
): Promise<{ name: string; bytes: number }> {
  const res = await fetch(`${origin}${API}${withQuery(path, query)}`, {
    credentials: 'same-origin',
    headers: await headers(),
  });
  if (!res.ok) throw await failure(res);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, bytes: blob.size };
}

export async function upload<S extends ZodType>(schema: S, path: string, file: Blob): Promise<z.output<S>> {
  const res = await fetch(`${origin}${API}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: await headers({ 'content-type': 'application/octet-stream' }),
    body: file,
  });
  if (!res.ok) throw await failure(res);
  return parsed(schema, res, 'POST', path);
}
