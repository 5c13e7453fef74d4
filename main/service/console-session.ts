import type { ServicePort } from './service-port';

/**
 * The renderer's session for this launch. A till runs for days and sessions last 12 hours, and
 * the console may log itself out, so a dead token is replaced when the renderer asks again.
 */
export function createSessionKeeper(service: Pick<ServicePort, 'createSession' | 'isSessionValid'>): () => Promise<string> {
  let token: string | null = null;
  return async () => {
    if (token === null || !await service.isSessionValid(token)) token = await service.createSession();
    return token;
  };
}
