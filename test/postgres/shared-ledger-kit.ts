import { mkdirSync, readFileSync } from 'node:fs';
import type { Address, Transaction } from '@ton/core';
import type pg from 'pg';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { onAccount, sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { spawnService, writeServiceConfig, type ServiceProcess } from '../helpers/service-process';

/**
 * What the tests that run several built instances on one PostgreSQL ledger share (the
 * three-instance test and the chaos run on PostgreSQL): one chain served to every instance, the
 * instances themselves, and a look at which one holds the watcher's lease.
 */

/** The advisory lock the watcher's lease holds (server/storage/postgres/pg-leader-lease.ts). */
export const WATCHER_LOCK = 7_311_003;

/**
 * One sandbox chain, in this process, served to every instance through a loopback toncenter: the
 * sandbox inside an instance is its own emulator, so instances sharing a ledger must share a chain
 * from outside. Every send publishes the merchant jetton wallet's side of it.
 */
export class ServedChain {
  private constructor(
    readonly chain: SandboxChain,
    readonly double: ToncenterDouble,
  ) {}

  static async start(): Promise<ServedChain> {
    const chain = await SandboxChain.open();
    const double = await startToncenterDouble({ runGetMethod: sandboxGetMethods(chain) });
    const served = new ServedChain(chain, double);
    served.publish(await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 }));
    return served;
  }

  get watched(): Address {
    return this.chain.merchantJettonWallet;
  }

  /** A customer pays `amount` with `comment`; returns every transaction it caused. */
  async pay(amount: bigint, comment: string): Promise<Transaction[]> {
    return this.publish(await this.chain.pay({ amount, comment }));
  }

  /** The merchant's own wallet sends USDT out (a refund). */
  async sendFromMerchant(amount: bigint, destination: Address, comment: string): Promise<Transaction[]> {
    return this.publish(await this.chain.sendFromMerchant({ amount, destination, comment }));
  }

  close(): Promise<void> {
    return this.double.close();
  }

  private publish(transactions: Transaction[]): Transaction[] {
    this.double.addTransactions(
      this.watched,
      transactions.filter((tx) => onAccount(tx, this.watched)),
    );
    return transactions;
  }
}

export interface InstanceOptions {
  databaseUrl: string;
  served: ServedChain;
  pollIntervalMs?: number;
  watcherBatchSize?: number;
  /** extra environment: failpoints */
  env?: Record<string, string>;
}

/** `<dataDir>/config.json` of an instance on the shared ledger, watching the served chain as testnet. */
export function writeInstanceConfig(dataDir: string, options: InstanceOptions): void {
  const { chain, double } = options.served;
  writeServiceConfig(dataDir, {
    database: { url: options.databaseUrl, poolSize: 6 },
    rateLimit: { enabled: false },
    logLevel: 'warn',
    chain: {
      mode: 'testnet',
      merchantAddress: chain.merchantAddress.toString(),
      jettonMaster: chain.jettonMaster.toString(),
      toncenterEndpoint: double.endpoint,
      toncenterRps: 1000,
      pollIntervalMs: options.pollIntervalMs ?? 300,
      watcherBatchSize: options.watcherBatchSize ?? 4,
      streaming: { enabled: false },
      reconcileIntervalMs: 0,
    },
  });
}

/** Starts the built service on `dataDir` (made if missing) as one instance of the shared ledger. */
export async function startInstance(dataDir: string, options: InstanceOptions): Promise<ServiceProcess> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeInstanceConfig(dataDir, options);
  return spawnService(dataDir, { ...options.env, TONTILL_DATABASE_URL: options.databaseUrl });
}

/** The pids of the instances whose lease connection holds the watcher's lock (its application name ends in `-<pid>-<6 hex>`). */
export async function leaderPids(db: pg.Client): Promise<number[]> {
  const { rows } = await db.query<{ application_name: string }>(
    `SELECT a.application_name FROM pg_locks l
    JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted`,
    [WATCHER_LOCK],
  );
  return rows.map((r) => Number(/-(\d+)-[0-9a-f]{6}$/.exec(r.application_name)?.[1]));
}

/** A process's state letter from /proc (T: stopped), or 'gone'. */
export function processState(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '?';
  } catch {
    return 'gone';
  }
}

/** Waits for `condition`, polling (hooks and harnesses cannot use expect.poll). */
export async function until(condition: () => Promise<boolean>, intervalMs = 100): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
