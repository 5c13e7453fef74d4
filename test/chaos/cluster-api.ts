import { must, ServiceApi, type ChaosApi, type Outcome } from './chaos-client';

/** One live instance, as the client reaches it. */
export interface Member {
  url: string;
  consoleToken: string;
}

/**
 * Writes that are safe to send again after an instance died under them: a creation carries its
 * externalId. Any other write is retried only if it never left (the connection was refused): a
 * retry of one that may have happened could do it twice, so its outcome stays in doubt.
 */
const IDEMPOTENT_WRITES = [/^\/crypto\/deposit\/invoice$/];

/** Enough to get past every instance killed at once, and the moment before a kill is noticed. */
const MAX_ATTEMPTS = 10;
const RETRY_PAUSE_MS = 100;

/**
 * A client of several instances behind no proxy, as a merchant's backend with a list of addresses:
 * each request goes to the next live instance in turn, and one that dies under a request is retried
 * on another when that is safe. Only a 2xx answer counts as acknowledged.
 */
export class ClusterApi implements ChaosApi {
  apiKey = '';
  /** requests answered by another instance after the first one died under them */
  retried = 0;
  private turn = 0;

  constructor(private readonly live: () => Member[]) {}

  merchant<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
    return this.spread(method, path, (api) => api.merchant<T>(method, path, body));
  }

  console<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
    return this.spread(method, `/console/api${path}`, (api) => api.console<T>(method, path, body));
  }

  async mustConsole<T>(method: string, path: string, body?: unknown): Promise<T> {
    return must(await this.console<T>(method, path, body), `${method} ${path}`);
  }

  async mustMerchant<T>(method: string, path: string, body?: unknown): Promise<T> {
    return must(await this.merchant<T>(method, path, body), `${method} ${path}`);
  }

  private async spread<T>(
    method: string,
    path: string,
    call: (api: ServiceApi) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    const safe = method === 'GET' || IDEMPOTENT_WRITES.some((pattern) => pattern.test(path.split('?')[0]!));
    let last: Outcome<T> = { kind: 'lost', error: 'no live instance', unsent: true };
    let failed: string | null = null;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      // another instance than the one that just failed, even before its death is noticed
      const live = this.live();
      const members = live.length > 1 ? live.filter((m) => m.url !== failed) : live;
      if (members.length === 0) continue;
      const member = members[this.turn++ % members.length]!;
      const api = new ServiceApi(member.url, member.consoleToken);
      api.apiKey = this.apiKey;
      const outcome = await call(api);
      if (outcome.kind !== 'lost') {
        if (attempt > 0) this.retried += 1;
        return outcome;
      }
      last = outcome;
      failed = member.url;
      if (!outcome.unsent && !safe) return outcome;
    }
    return last;
  }
}
