import type { CookiesPort } from '../app/electron-port';
import type { ServicePort } from './service-port';

/**
 * The window's console session. The window signs in with a one-time link at launch, so the
 * service sets the cookie exactly as for a browser; this keeper starts from that cookie. A till
 * runs for days, sessions last 12 hours and the console may log itself out, so a dead session is
 * replaced when the renderer asks again (its API client does on a 401), both in the answer (the
 * renderer's bearer) and in the window's cookie jar (what the page's own requests and streams send).
 */
export function createSessionKeeper(
  service: Pick<ServicePort, 'url' | 'consoleCookie' | 'createSession' | 'isSessionValid'>,
  cookies: CookiesPort,
): () => Promise<string> {
  const where = { url: service.url, name: service.consoleCookie };
  let token: string | null = null;
  const live = async (candidate: string | null | undefined): Promise<string | null> =>
    candidate && (await service.isSessionValid(candidate)) ? candidate : null;
  return async () => {
    token = (await live(token)) ?? (await live((await cookies.get(where))[0]?.value));
    if (token !== null) return token;
    const fresh = await service.createSession();
    // Loopback is plain http, so not Secure; the rest as the service's own Set-Cookie. No expiry:
    // the partition is in memory, and the service ends the session after 12 hours anyway.
    await cookies.set({ ...where, value: fresh, path: '/', httpOnly: true, secure: false, sameSite: 'strict' });
    token = fresh;
    return fresh;
  };
}
