import type { ServicePort } from './service-port';

/**
 * The renderer's session for this launch. A till runs for days and sessions last 12 hours, and
 * the console may log itself out, so a dead token is replaced when the renderer asks again.
 */
export function createSessionKeeper(service: Pick<ServicePort, 'createSession' | 'isSessionValid'>): () => string {
  let token: string | null = null;
  return () => {
    if (token === null || !service.isSessionValid(token)) token = service.createSession();
    return token;
  };
}
