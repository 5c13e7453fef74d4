import { readFileSync } from 'node:fs';
import { serviceFile } from '../index';

export interface ServiceClient {
  url: string;
  /** a console API call with the local credential the service left in its data directory */
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/**
 * The running service of a data directory, if any. CLIs go through it rather than the database:
 * the service holds the ledger open exclusively, and its caches must see every change.
 */
export async function runningService(dataDir: string): Promise<ServiceClient | null> {
  let info: { url: string; consoleToken: string };
  try {
    info = JSON.parse(readFileSync(serviceFile(dataDir), 'utf8')) as typeof info;
  } catch {
    return null;
  }
  const alive = await fetch(`${info.url}/healthz`).then((r) => r.ok, () => false);
  if (!alive) return null;
  return {
    url: info.url,
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${info.url}/console/api${path}`, {
        method,
        headers: { authorization: `Bearer ${info.consoleToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
  };
}
