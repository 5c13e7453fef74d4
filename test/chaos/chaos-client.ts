/** What one request came to, from the client's side of the wire. */
export type Outcome<T> =
  | { kind: 'ok'; status: number; body: T }
  /** the service answered, but not with 2xx */
  | { kind: 'refused'; status: number; body: unknown }
  /**
   * no answer (the service died under it): the write may or may not have happened, unless
   * `unsent` (the connection was refused: nothing reached a service)
   */
  | { kind: 'lost'; error: string; unsent: boolean };

/** Far above any healthy answer; only a wedged service reaches it, and that is then a lost answer. */
const REQUEST_TIMEOUT_MS = 120_000;

/** What the chaos client calls: one service, or a cluster of instances on one ledger (cluster-api.ts). */
export interface ChaosApi {
  apiKey: string;
  merchant<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>>;
  console<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>>;
  mustConsole<T>(method: string, path: string, body?: unknown): Promise<T>;
  mustMerchant<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/** The merchant API (x-api-key) and the console API (the local bearer token) of one running service. */
export class ServiceApi implements ChaosApi {
  apiKey = '';

  constructor(
    readonly url: string,
    private readonly consoleToken: string,
  ) {}

  merchant<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
    return this.send<T>(method, path, { 'x-api-key': this.apiKey }, body);
  }

  console<T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> {
    return this.send<T>(method, `/console/api${path}`, { authorization: `Bearer ${this.consoleToken}` }, body);
  }

  /** A console call that must succeed (setup and convergence, with nothing being killed). */
  async mustConsole<T>(method: string, path: string, body?: unknown): Promise<T> {
    return must(await this.console<T>(method, path, body), `${method} ${path}`);
  }

  async mustMerchant<T>(method: string, path: string, body?: unknown): Promise<T> {
    return must(await this.merchant<T>(method, path, body), `${method} ${path}`);
  }

  private async send<T>(
    method: string,
    path: string,
    auth: Record<string, string>,
    body: unknown,
  ): Promise<Outcome<T>> {
    // Writes always carry a JSON body: console writes must prove they come from a client, not a form.
    const payload = body === undefined && method !== 'GET' ? {} : body;
    try {
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      const parsed: unknown = text ? JSON.parse(text) : null;
      return res.ok
        ? { kind: 'ok', status: res.status, body: parsed as T }
        : { kind: 'refused', status: res.status, body: parsed };
    } catch (err) {
      const code = ((err as Error).cause as { code?: string } | undefined)?.code;
      return {
        kind: 'lost',
        error: `${(err as Error).message}${code ? ` (${code})` : ''}`,
        unsent: code === 'ECONNREFUSED',
      };
    }
  }
}

export function must<T>(outcome: Outcome<T>, what: string): T {
  if (outcome.kind === 'ok') return outcome.body;
  const detail = outcome.kind === 'lost' ? outcome.error : `${outcome.status} ${JSON.stringify(outcome.body)}`;
  throw new Error(`${what}: ${detail}`);
}

/** "12.5" -> 12_500_000n (micro-USDT). */
export function micro(text: string): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6) || '0');
}

/** 12_500_000n -> "12.500000" */
export function usdtText(value: bigint): string {
  return `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, '0')}`;
}
