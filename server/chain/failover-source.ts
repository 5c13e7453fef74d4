import type { Address, Transaction } from '@ton/core';
import type { ChainSource } from './types';
import { ChainRequestError, classifyChainError, type ChainErrorKind } from './toncenter-source';
import type { ProviderState } from '../../contract/chain';

export interface NamedSource {
  /** e.g. 'toncenter', 'tonapi' */
  name: string;
  source: ChainSource;
}

export interface ProviderHealth {
  name: string;
  state: ProviderState;
  lastError: string | null;
  /** epoch ms: when the provider entered its state */
  since: number;
}

export interface FailoverStatus {
  active: string;
  primary: string;
  /** active !== primary */
  degraded: boolean;
  providers: ProviderHealth[];
}

export interface FailoverChange {
  kind: 'degraded' | 'recovered';
  from: string;
  to: string;
  reason: string;
}

export interface FailoverSource extends ChainSource {
  status(): FailoverStatus;
  /** Returns the unsubscribe function. */
  onChange(listener: (change: FailoverChange) => void): () => void;
}

/** Structurally compatible with pino / Fastify's logger. */
export interface FailoverLogger {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

export interface FailoverSourceOptions {
  /** primary first, at least one */
  sources: NamedSource[];
  /** epoch ms */
  now?: () => number;
  retryPrimaryAfterMs?: number;
  headCheckIntervalMs?: number;
  stallAfterMs?: number;
  log?: FailoverLogger;
}

interface Provider extends ProviderHealth {
  source: ChainSource;
  /** a failing or stalled provider is tried again (first, if it is the primary) from then on */
  retryAt: number;
}

interface Timing {
  now: () => number;
  retryAfterMs: number;
  headCheckIntervalMs: number;
  stallAfterMs: number;
}

const FAILOVER_KINDS = new Set<ChainErrorKind>(['rate_limited', 'server', 'network']);

/** Provider trouble, as opposed to a request that would fail anywhere (a get method's exit code, say). */
function isProviderFailure(err: unknown): boolean {
  const kind = classifyChainError(err);
  if (FAILOVER_KINDS.has(kind)) return true;
  // A revoked or mistyped key: that provider will not answer again until someone changes it.
  return kind === 'rejected' && err instanceof ChainRequestError && (err.status === 401 || err.status === 403);
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The providers' health, which one is active, and the changes of it. */
class ProviderPool {
  readonly primary: Provider;
  active: Provider;
  private readonly listeners = new Set<(change: FailoverChange) => void>();

  constructor(
    readonly providers: Provider[],
    private readonly timing: Timing,
    private readonly log: FailoverLogger | undefined,
  ) {
    this.primary = providers[0] as Provider;
    this.active = this.primary;
  }

  due(provider: Provider): boolean {
    return this.timing.now() >= provider.retryAt;
  }

  enter(provider: Provider, state: ProviderState, error?: string): void {
    if (provider.state !== state) Object.assign(provider, { state, since: this.timing.now() });
    if (error !== undefined) provider.lastError = error;
  }

  /** Benched until retryAt; the state keeps its `since` while the trouble goes on. */
  bench(provider: Provider, state: 'failing' | 'stalled', error: string): void {
    this.enter(provider, state, error);
    provider.retryAt = this.timing.now() + this.timing.retryAfterMs;
  }

  failed(provider: Provider, err: unknown): void {
    const kind = classifyChainError(err);
    this.bench(provider, 'failing', `${kind}: ${messageOf(err)}`);
    this.log?.warn({ provider: provider.name, kind, error: messageOf(err) }, 'chain provider failed');
  }

  succeeded(provider: Provider): void {
    if (provider === this.active) this.enter(provider, 'active');
    else if (provider === this.primary) this.switchTo(provider, `${provider.name} answers again`);
    else this.switchTo(provider, `${this.active.name} failed: ${this.active.lastError ?? 'unavailable'}`);
  }

  switchTo(provider: Provider, reason: string): void {
    const from = this.active;
    if (provider === from) return;
    if (from.state === 'active') this.enter(from, 'standby');
    this.enter(provider, 'active');
    this.active = provider;
    const change: FailoverChange = {
      kind: provider === this.primary ? 'recovered' : 'degraded',
      from: from.name,
      to: provider.name,
      reason,
    };
    if (change.kind === 'recovered') this.log?.info({ ...change }, 'chain provider recovered');
    else this.log?.warn({ ...change }, 'chain provider failover');
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.log?.warn({ error: messageOf(err) }, 'chain failover listener failed');
      }
    }
  }

  /** A due primary first (the probe), the active, healthy standbys, providers due a retry, the rest. */
  order(): Provider[] {
    const rank = (p: Provider): number => {
      if (p === this.primary && p !== this.active && p.state === 'failing' && this.due(p)) return 0;
      if (p === this.active && p.state === 'active') return 1;
      if (p.state === 'standby') return 2;
      return p.state === 'failing' && this.due(p) ? 3 : 4;
    };
    return this.providers
      .map((provider, index) => ({ provider, index, rank: rank(provider) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ provider }) => provider);
  }

  onChange(listener: (change: FailoverChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  status(): FailoverStatus {
    return {
      active: this.active.name,
      primary: this.primary.name,
      degraded: this.active !== this.primary,
      providers: this.providers.map(({ name, state, lastError, since }) => ({ name, state, lastError, since })),
    };
  }
}

/** The active provider has not yet shown a transaction that a standby showed at `since`. */
interface Stall {
  account: string;
  active: Provider;
  target: bigint;
  since: number;
}

/** Compares the active provider's newest transaction with another provider's, now and then. */
class HeadWatch {
  private lastCheck: number;
  private stall: Stall | null = null;

  constructor(
    private readonly pool: ProviderPool,
    private readonly timing: Timing,
  ) {
    this.lastCheck = timing.now();
  }

  /** After a newest page from `current`; true when it failed over, so the page should be asked again. */
  async check(account: Address, current: Provider, currentNewest: bigint): Promise<boolean> {
    if (this.timing.now() - this.lastCheck < this.timing.headCheckIntervalMs) return false;
    this.lastCheck = this.timing.now();
    const other = this.candidate(current);
    if (!other) return false;
    let otherNewest: bigint;
    try {
      otherNewest = newestOf(await other.source.getTransactions(account, { limit: 1 }));
    } catch (err) {
      if (isProviderFailure(err)) this.pool.failed(other, err);
      return false;
    }
    if (other.state === 'stalled') {
      if (otherNewest >= currentNewest)
        this.pool.switchTo(other, `${other.name} caught up: newest transaction ${otherNewest}`);
      else
        this.pool.bench(
          other,
          'stalled',
          `stalled: newest transaction ${otherNewest} behind ${current.name}'s ${currentNewest}`,
        );
      return false;
    }
    this.pool.enter(other, 'standby');
    return this.watch(account.toRawString(), current, other, { currentNewest, otherNewest });
  }

  /** A stalled primary due a retry, else a standby (or a provider due a retry) to compare with. */
  private candidate(current: Provider): Provider | undefined {
    const { primary, providers } = this.pool;
    if (primary !== current && primary.state === 'stalled' && this.pool.due(primary)) return primary;
    return providers.find(
      (p) => p !== current && (p.state === 'standby' || (p.state === 'failing' && this.pool.due(p))),
    );
  }

  private watch(
    account: string,
    current: Provider,
    other: Provider,
    heads: { currentNewest: bigint; otherNewest: bigint },
  ): boolean {
    const { currentNewest, otherNewest } = heads;
    if (otherNewest <= currentNewest) {
      this.stall = null;
      return false;
    }
    const stall = this.stall;
    // A provider a moment behind soon shows what the standby had; a stalled one does not.
    if (!stall || stall.account !== account || stall.active !== current || stall.target <= currentNewest) {
      this.stall = { account, active: current, target: otherNewest, since: this.timing.now() };
      return false;
    }
    const behindMs = this.timing.now() - stall.since;
    if (behindMs <= this.timing.stallAfterMs) return false;
    const reason = `stalled: newest transaction ${currentNewest} behind ${other.name}'s ${stall.target} for ${behindMs} ms`;
    this.pool.bench(current, 'stalled', reason);
    this.stall = null;
    this.pool.switchTo(other, reason);
    return true;
  }
}

/**
 * A ChainSource over several providers: calls go to the active one, and a provider failure retries
 * the same call on the next, so a poll survives one provider's outage. Every provider serves the
 * same chain, so the poller's continuity check holds across pages from different providers.
 * A failing primary is asked first again once retryPrimaryAfterMs has passed; a stalled one is
 * compared at the next head check after that, and comes back once it shows the active's newest.
 */
export function createFailoverSource(options: FailoverSourceOptions): FailoverSource {
  const timing: Timing = {
    now: options.now ?? Date.now,
    retryAfterMs: options.retryPrimaryAfterMs ?? 60_000,
    headCheckIntervalMs: options.headCheckIntervalMs ?? 30_000,
    stallAfterMs: options.stallAfterMs ?? 60_000,
  };
  const pool = new ProviderPool(providersOf(options.sources, timing.now()), timing, options.log);
  const heads = new HeadWatch(pool, timing);

  async function run<T>(request: (source: ChainSource) => Promise<T>): Promise<{ value: T; provider: Provider }> {
    let lastError: unknown;
    for (const provider of pool.order()) {
      try {
        const value = await request(provider.source);
        pool.succeeded(provider);
        return { value, provider };
      } catch (err) {
        if (!isProviderFailure(err)) throw err;
        pool.failed(provider, err);
        lastError = err;
      }
    }
    throw lastError;
  }

  return {
    mode: pool.primary.source.mode,
    async getTransactions(account, opts) {
      const { value, provider } = await run((source) => source.getTransactions(account, opts));
      if (opts.lt !== undefined || opts.hash !== undefined) return value;
      // An empty page says the provider has nothing newer than toLt.
      const failedOver = await heads.check(account, provider, newestOf(value, opts.toLt));
      return failedOver ? (await run((source) => source.getTransactions(account, opts))).value : value;
    },
    async runGetMethod(account, method, stack) {
      return (await run((source) => source.runGetMethod(account, method, stack))).value;
    },
    status: () => pool.status(),
    onChange: (listener) => pool.onChange(listener),
  };
}

function providersOf(sources: NamedSource[], start: number): Provider[] {
  if (sources.length === 0) throw new RangeError('createFailoverSource needs at least one source');
  if (new Set(sources.map((s) => s.name)).size !== sources.length)
    throw new RangeError('failover source names must be unique');
  const mode = sources[0]?.source.mode;
  if (sources.some((s) => s.source.mode !== mode))
    throw new RangeError('failover sources must all serve the same chain mode');
  return sources.map(({ name, source }, index) => ({
    name,
    source,
    state: index === 0 ? 'active' : 'standby',
    lastError: null,
    since: start,
    retryAt: start,
  }));
}

function newestOf(page: Transaction[], floor = 0n): bigint {
  return page.reduce((newest, tx) => (tx.lt > newest ? tx.lt : newest), floor);
}
