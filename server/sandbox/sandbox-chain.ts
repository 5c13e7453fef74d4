// An in-process TON chain (@ton/sandbox) with our test USDT, real wallets and a payer that
// sends real emulated transfers. It serves the watcher through the same ChainSource as toncenter.
import { randomBytes } from 'node:crypto';
import { Address, beginCell, type Transaction, type TupleItem } from '@ton/core';
import { Blockchain, snapshotFromSerializable, snapshotToSerializable, type SendMessageResult } from '@ton/sandbox';
import { openActors, setUpFreshChain, type SandboxActors } from './sandbox-actors';
import { sendPayment, type PayOptions, type PayTargets } from './sandbox-payments';
import {
  readSandboxState, removeStaleTempFiles, unusableStateError, writeSandboxState, type SandboxAddresses, type SandboxStateFile,
} from './sandbox-state';
import { TxLog } from './sandbox-tx-log';
import type { ChainSource } from '../chain/types';

export type { PayCase, PayOptions } from './sandbox-payments';

export interface SandboxChainOptions {
  /** where the chain persists itself; without it the chain lives in memory only */
  stateFile?: string;
  /** derives the wallets' keys; a new chain gets a random one, a restored chain keeps its own */
  seed?: string;
  /** blockchain clock in unix seconds (default: real time) */
  now?: () => number;
  /** the state file's content when the caller has just read it (null: there is none yet) */
  saved?: SandboxStateFile | null;
}

interface ChainCore {
  bc: Blockchain;
  log: TxLog;
  actors: SandboxActors;
  seed: string;
  clock: () => number;
  lastNow: number;
}

const realClock = () => Math.floor(Date.now() / 1000);

export class SandboxChain {
  readonly merchantAddress: Address;
  readonly payerAddress: Address;
  readonly jettonMaster: Address;
  readonly fakeJettonMaster: Address;
  readonly merchantJettonWallet: Address;
  private readonly targets: PayTargets;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly core: ChainCore,
    private readonly addresses: SandboxAddresses,
    wallets: { merchant: Address; payer: Address; payerFake: Address },
    private readonly stateFile: string | undefined,
  ) {
    this.merchantAddress = core.actors.merchant.wallet.address;
    this.payerAddress = core.actors.payer.wallet.address;
    this.jettonMaster = Address.parse(addresses.jettonMaster);
    this.fakeJettonMaster = Address.parse(addresses.fakeJettonMaster);
    this.merchantJettonWallet = wallets.merchant;
    this.targets = {
      bc: core.bc,
      payer: core.actors.payer,
      merchant: this.merchantAddress,
      jettonMaster: this.jettonMaster,
      merchantJettonWallet: wallets.merchant,
      payerJettonWallet: wallets.payer,
      payerFakeJettonWallet: wallets.payerFake,
    };
  }

  static async open(opts: SandboxChainOptions = {}): Promise<SandboxChain> {
    if (opts.stateFile && opts.saved === undefined) await removeStaleTempFiles(opts.stateFile);
    const saved = opts.saved !== undefined ? opts.saved : opts.stateFile ? await readSandboxState(opts.stateFile) : null;
    if (saved && opts.seed !== undefined && opts.seed !== saved.seed) {
      throw new Error(`${opts.stateFile}: the sandbox chain was created with another seed`);
    }
    const seed = saved?.seed ?? opts.seed ?? randomBytes(16).toString('hex');
    const bc = await Blockchain.create();
    const core: ChainCore = {
      bc,
      log: saved ? await restoreChain(bc, saved, opts.stateFile!) : new TxLog(),
      actors: openActors(bc, seed),
      seed,
      clock: opts.now ?? realClock,
      lastNow: saved?.lastNow ?? 0,
    };
    const addresses = saved?.addresses ?? (await setUpFreshChain(bc, core.actors, (s) => send(core, s)));
    if (saved && !sameActors(core.actors, saved.addresses)) {
      throw unusableStateError(opts.stateFile!, 'its wallet addresses do not match its seed');
    }
    const chain = new SandboxChain(core, addresses, await resolveJettonWallets(core, addresses), opts.stateFile);
    if (!saved) await chain.commit();
    return chain;
  }

  source(): ChainSource {
    const { bc, log } = this.core;
    return {
      mode: 'sandbox',
      getTransactions: async (account, opts) => log.page(account, opts),
      runGetMethod: async (account: Address, method: string, stack: TupleItem[] = []) =>
        (await bc.runGetMethod(account, method, stack)).stackReader,
    };
  }

  /** Sends a real emulated transfer from the payer; returns every transaction it caused. */
  pay(opts: PayOptions): Promise<Transaction[]> {
    return this.enqueue(async () => {
      const txs = await send(this.core, (now) => sendPayment(this.targets, opts, now));
      await this.commit();
      return txs;
    });
  }

  /** The product may pay concurrently; the sandbox and the state file need one send at a time. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Saves, then serves what was saved: the watcher must never credit a transaction that a crash
   * could still take back. Runs in the send queue (or in open), so saves never overlap. If the
   * save fails, the new transactions stay unserved until a later save holds them.
   */
  private async commit(): Promise<void> {
    const { bc, log, seed, lastNow } = this.core;
    const transactions = log.toJSON();
    if (this.stateFile) {
      // the sandbox's own transaction list (with logs) would only bloat the file: we keep ours
      const snapshot = snapshotToSerializable({ ...bc.snapshot(), transactions: [] });
      await writeSandboxState(this.stateFile, { version: 1, seed, lastNow, addresses: this.addresses, snapshot, transactions });
    }
    log.publish(transactions.length);
  }
}

/** Runs one send at a monotonic blockchain time and records what it caused. */
async function send(core: ChainCore, job: (now: number) => Promise<SendMessageResult>): Promise<Transaction[]> {
  const now = Math.max(core.clock(), core.lastNow);
  core.lastNow = now;
  core.bc.now = now;
  const result = await job(now);
  return result.transactions.map((tx) => core.log.record(tx));
}

/** Loads a saved chain into `bc`; data the shape check could not vet fails here, naming the file. */
async function restoreChain(bc: Blockchain, saved: SandboxStateFile, file: string): Promise<TxLog> {
  try {
    await bc.loadFrom(snapshotFromSerializable(saved.snapshot));
    return TxLog.fromJSON(saved.transactions);
  } catch (err) {
    throw unusableStateError(file, `its chain data cannot be decoded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function sameActors(actors: SandboxActors, saved: SandboxAddresses): boolean {
  const derived = [actors.admin, actors.attacker, actors.payer, actors.merchant].map((a) => a.wallet.address.toRawString());
  const stored = [saved.admin, saved.attacker, saved.payer, saved.merchant];
  return derived.every((addr, i) => addr === stored[i]);
}

/** Asks the minters on chain (not our code) so a restored chain keeps its own wallet addresses. */
async function resolveJettonWallets(core: ChainCore, a: SandboxAddresses) {
  const walletOf = async (minter: string, owner: Address) => {
    const stack: TupleItem[] = [{ type: 'slice', cell: beginCell().storeAddress(owner).endCell() }];
    const res = await core.bc.runGetMethod(Address.parse(minter), 'get_wallet_address', stack);
    return res.stackReader.readAddress();
  };
  const merchant = core.actors.merchant.wallet.address;
  const payer = core.actors.payer.wallet.address;
  return {
    merchant: await walletOf(a.jettonMaster, merchant),
    payer: await walletOf(a.jettonMaster, payer),
    payerFake: await walletOf(a.fakeJettonMaster, payer),
  };
}
