import { readFileSync } from 'node:fs';
import { serviceFile } from '../index';

export interface ServiceClient {
  url: string;
  /**
   * A console API call with the local credential the service left in its data directory. Answers
   * outside 2xx (and the statuses in `expected`) throw a ServiceCallError saying what the service said.
   */
  call<T>(method: string, path: string, body?: unknown, expected?: number[]): Promise<{ status: number; body: T }>;
}

/** Something a CLI user can act on, never "cannot read properties of undefined". */
export class ServiceCallError extends Error {
  override name = 'ServiceCallError';
}

interface ServiceInfo {
  url: string;
  pid: number;
  consoleToken: string;
}

function readServiceInfo(dataDir: string): ServiceInfo | null {
  try {
    return JSON.parse(readFileSync(serviceFile(dataDir), 'utf8')) as ServiceInfo;
  } catch {
    return null;
  }
}

/** What the service's error body says, in one line. */
export function describeAnswer(status: number, body: unknown): string {
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  if (status === 401)
    return 'the service refused the CLI credential in service.json; is this the data directory of the running service?';
  return error?.message
    ? `the service answered ${status} ${error.code ?? ''}: ${error.message}`
    : `the service answered HTTP ${status}`;
}

/**
 * The running service of a data directory, if any. CLIs go through it rather than the database:
 * the service holds the ledger open exclusively, and its caches must see every change.
 */
export async function runningService(dataDir: string): Promise<ServiceClient | null> {
  const info = readServiceInfo(dataDir);
  if (!info) return null;
  const alive = await fetch(`${info.url}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!alive) return null;
  const unreachable = (err: unknown) =>
    new ServiceCallError(`the service at ${info.url} (pid ${info.pid}) stopped answering: ${(err as Error).message}`);
  return {
    url: info.url,
    async call<T>(method: string, path: string, body?: unknown, expected: number[] = []) {
      const response = await fetch(`${info.url}/console/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${info.consoleToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).catch((err: unknown) => {
        throw unreachable(err);
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        throw new ServiceCallError(
          `the service at ${info.url} answered HTTP ${response.status} with something that is not JSON`,
        );
      }
      if (!response.ok && !expected.includes(response.status))
        throw new ServiceCallError(describeAnswer(response.status, parsed));
      return { status: response.status, body: parsed as T };
    },
  };
}

/** Why a CLI that needs the running service cannot reach it. */
export function noServiceMessage(dataDir: string): string {
  const info = readServiceInfo(dataDir);
  const start = `start it with: npm run serve -- --data-dir ${JSON.stringify(dataDir)}`;
  return info
    ? `the service of ${dataDir} (pid ${info.pid}, ${info.url}) does not answer: it has stopped or crashed; ${start}`
    : `no running service found for ${dataDir}; ${start}`;
}
