// An in-process TON chain (@ton/sandbox) with our test USDT, real wallets and a payer that
// sends real emulated transfers. It serves the watcher through the same ChainSource as toncenter,
// from its own record of transactions: the emulator itself loads only when something must be
// emulated (a transfer, a get-method), so a restarted service that only watches never loads it,
// and it is let go again when the service comes to rest.
import { randomBytes } from 'node:crypto';
import { Address, Cell, type Message, type Transaction, type TupleItem } from '@ton/core';
import type { SendMessageResult } from '@ton/sandbox';
import type { Emulator } from './sandbox-emulator';
import { freshChainAddresses, sandboxWallets, type SandboxWallets } from './sandbox-identity';
import type { PayOptions } from './sandbox-payments';
import type { MerchantSendOptions } from './sandbox-merchant-sends';
import type { MerchantToncoinOptions, ToncoinPayOptions } from './sandbox-toncoin';
import {
  readSandboxState,
  removeStaleTempFiles,
  unusableStateError,
  writeSandboxState,
  type JettonWallets,
  type SandboxAddresses,
  type SandboxStateFile,
  type SerializableSnapshot,
} from './sandbox-state';
import { TxLog } from './sandbox-tx-log';
import type { ChainSource } from '../chain/types';

export type { PayCase, PayOptions } from './sandbox-payments';
export type { MerchantSendOptions } from './sandbox-merchant-sends';
export type { MerchantToncoinOptions, ToncoinPayCase, ToncoinPayOptions } from './sandbox-toncoin';

export interface SandboxChainOptions {
  /** where the chain persists itself; without it the chain lives in memory only */
  stateFile?: string;
  /** derives the wallets' keys; a new chain gets a random one, a restored chain keeps its own */
  seed?: string;
  /** blockchain clock in unix seconds (default: real time) */
  now?: () => number;
  /** the state file's content when the caller has just read it (null: there is none yet) */
  saved?: SandboxStateFile | null;
  /**
   * A new chain's accounts are set up when something must first be emulated, not in open(): a
   * service that never makes a payment then never loads the emulator (about 50 MB resident).
   */
  deferSetUp?: boolean;
  /** called once the chain has first been saved (a new chain is saved when it is set up) */
  onFirstSave?: () => Promise<void>;
}

interface ChainCore {
  log: TxLog;
  seed: string;
  clock: () => number;
  lastNow: number;
}

type Addresses = SandboxAddresses & JettonWallets;

const realClock = () => Math.floor(Date.now() / 1000);
const loadEmulatorModule = () => import('./sandbox-emulator');
type EmulatorKit = Awaited<ReturnType<typeof loadEmulatorModule>>;

export class SandboxChain {
  readonly merchantAddress: Address;
  readonly payerAddress: Address;
  readonly jettonMaster: Address;
  readonly fakeJettonMaster: Address;
  readonly merchantJettonWallet: Address;
  private readonly targets: {
    merchant: Address;
    jettonMaster: Address;
    merchantJettonWallet: Address;
    payerJettonWallet: Address;
    payerFakeJettonWallet: Address;
  };
  private queue: Promise<unknown> = Promise.resolve();
  /** a new chain not set up yet (deferSetUp): its accounts are made at its first emulation */
  private unset = false;
  private onFirstSave: (() => Promise<void>) | undefined;

  private constructor(
    private readonly core: ChainCore,
    private readonly addresses: Addresses,
    private readonly stateFile: string | undefined,
    /** loaded, or loading; null until something needs it */
    private emulator: Promise<Emulator> | null,
    /** what a restored chain's emulator starts from, until it loads */
    private snapshot: SerializableSnapshot | null,
  ) {
    this.merchantAddress = Address.parse(addresses.merchant);
    this.payerAddress = Address.parse(addresses.payer);
    this.jettonMaster = Address.parse(addresses.jettonMaster);
    this.fakeJettonMaster = Address.parse(addresses.fakeJettonMaster);
    this.merchantJettonWallet = Address.parse(addresses.merchantJettonWallet);
    this.targets = {
      merchant: this.merchantAddress,
      jettonMaster: this.jettonMaster,
      merchantJettonWallet: this.merchantJettonWallet,
      payerJettonWallet: Address.parse(addresses.payerJettonWallet),
      payerFakeJettonWallet: Address.parse(addresses.payerFakeJettonWallet),
    };
  }

  static async open(opts: SandboxChainOptions = {}): Promise<SandboxChain> {
    if (opts.stateFile && opts.saved === undefined) await removeStaleTempFiles(opts.stateFile);
    const saved =
      opts.saved !== undefined ? opts.saved : opts.stateFile ? await readSandboxState(opts.stateFile) : null;
    if (saved && opts.seed !== undefined && opts.seed !== saved.seed) {
      throw new Error(`${opts.stateFile}: the sandbox chain was created with another seed`);
    }
    const seed = saved?.seed ?? opts.seed ?? randomBytes(16).toString('hex');
    const core: ChainCore = {
      log: saved ? restoredLog(saved, opts.stateFile!) : new TxLog(),
      seed,
      clock: opts.now ?? realClock,
      lastNow: saved?.lastNow ?? 0,
    };
    if (saved && hasJettonWallets(saved.addresses))
      return new SandboxChain(core, saved.addresses, opts.stateFile, null, saved.snapshot);
    if (!saved) {
      // Its addresses follow from the seed; its accounts are made by emulation, now or when first needed.
      const chain = new SandboxChain(core, freshChainAddresses(seed), opts.stateFile, null, null);
      chain.unset = true;
      chain.onFirstSave = opts.onFirstSave;
      if (!opts.deferSetUp) await chain.loadEmulator();
      return chain;
    }
    // A file saved before the jetton wallets were kept learns them from its chain.
    const emulator = await openEmulatorFor(seed, saved.snapshot, opts.stateFile);
    const { jettonWalletsOf } = await loadEmulatorModule();
    const chain = new SandboxChain(
      core,
      { ...saved.addresses, ...(await jettonWalletsOf(emulator, saved.addresses)) },
      opts.stateFile,
      Promise.resolve(emulator),
      null,
    );
    await chain.commit(emulator);
    return chain;
  }

  source(): ChainSource {
    const { log } = this.core;
    return {
      mode: 'sandbox',
      getTransactions: async (account, opts) => log.page(account, opts),
      runGetMethod: async (account: Address, method: string, stack: TupleItem[] = []) =>
        (await (await this.loadEmulator()).bc.runGetMethod(account, method, stack)).stackReader,
    };
  }

  /** Sends a real emulated transfer from the payer; returns every transaction it caused. */
  pay(opts: PayOptions): Promise<Transaction[]> {
    return this.emulate((emulator, kit, now) => kit.pay(emulator, this.targets, opts, now));
  }

  /** Sends a real emulated Toncoin transfer from the payer to the store's own wallet (or one of its cases); every transaction it caused. */
  payToncoin(opts: ToncoinPayOptions): Promise<Transaction[]> {
    const targets = {
      merchant: this.merchantAddress,
      payerJettonWallet: this.targets.payerJettonWallet,
      exchange: this.exchangeAddress,
    };
    return this.emulate((emulator, kit, now) => kit.payToncoin(emulator, targets, opts, now));
  }

  /** The merchant's wallet sends Toncoin (a refund, a withdrawal) as its wallet app would; every transaction it caused. */
  sendToncoinFromMerchant(opts: MerchantToncoinOptions): Promise<Transaction[]> {
    return this.emulate((emulator, kit, now) => kit.merchantSendToncoin(emulator, opts, now));
  }

  /**
   * The merchant's wallet sends USDT out of the store's jetton wallet, as the merchant's own wallet
   * app would (a withdrawal, a refund). Returns every transaction it caused.
   */
  sendFromMerchant(opts: MerchantSendOptions): Promise<Transaction[]> {
    return this.emulate((emulator, kit, now) => kit.merchantSend(emulator, this.merchantJettonWallet, opts, now));
  }

  /** An external message a wallet signed itself (a TON Connect wallet's answer), sent as it is; every transaction it caused. */
  sendExternal(message: Message): Promise<Transaction[]> {
    return this.emulate((emulator) => emulator.bc.sendMessage(message));
  }

  /** The sandbox's own wallets, keys included: the TON Connect sandbox wallet signs as the payer or the merchant. */
  wallets(): SandboxWallets {
    return sandboxWallets(this.core.seed);
  }

  /** One send, in the queue, with the emulator loaded; saved before anything is served. */
  private emulate(
    job: (emulator: Emulator, kit: EmulatorKit, now: number) => Promise<SendMessageResult>,
  ): Promise<Transaction[]> {
    return this.enqueue(async () => {
      const [emulator, kit] = await Promise.all([this.loadEmulator(), loadEmulatorModule()]);
      const txs = await send(this.core, emulator, (now) => job(emulator, kit, now));
      await this.commit(emulator);
      return txs;
    });
  }

  /** Where a withdrawal goes when none is named: the sandbox's exchange stand-in (its admin wallet). */
  get exchangeAddress(): Address {
    return Address.parse(this.addresses.admin);
  }

  /**
   * Lets the emulator go (its WebAssembly memory and code: about 50 MB resident) until something must
   * be emulated again, which then restores it from the snapshot taken here. In the send queue, so no
   * send is cut short; a get-method already running keeps the emulator it holds.
   */
  releaseEmulator(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.emulator) return;
      const [emulator, { snapshotOf }] = await Promise.all([this.emulator, loadEmulatorModule()]);
      this.snapshot = snapshotOf(emulator);
      this.emulator = null;
    });
  }

  private loadEmulator(): Promise<Emulator> {
    this.emulator ??= this.unset
      ? this.setUp()
      : openEmulatorFor(this.core.seed, this.snapshot, this.stateFile).then((emulator) => {
          this.snapshot = null;
          return emulator;
        });
    return this.emulator;
  }

  /**
   * A new chain's accounts, made by emulation when the chain is first needed: every wallet funded and
   * deployed, both minters, the payer's balances, the merchant's jetton wallet. Saved before anything
   * that waits for the emulator runs; the addresses it was given from the seed must be the chain's.
   */
  private async setUp(): Promise<Emulator> {
    const [emulator, kit] = await Promise.all([openEmulatorFor(this.core.seed, null, undefined), loadEmulatorModule()]);
    const made = await kit.setUp(emulator, (job) => send(this.core, emulator, job));
    const madeAll: Addresses = { ...made, ...(await kit.jettonWalletsOf(emulator, made)) };
    const differs = (Object.keys(madeAll) as (keyof Addresses)[]).filter((k) => madeAll[k] !== this.addresses[k]);
    if (differs.length > 0)
      throw new Error(`the sandbox chain set up other accounts than its seed names: ${differs.join(', ')}`);
    await this.commit(emulator);
    this.unset = false;
    return emulator;
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
  private async commit(emulator: Emulator): Promise<void> {
    const { log, seed, lastNow } = this.core;
    const transactions = log.toJSON();
    if (this.stateFile) {
      const { snapshotOf } = await loadEmulatorModule();
      await writeSandboxState(this.stateFile, {
        version: 1,
        seed,
        lastNow,
        addresses: this.addresses,
        snapshot: snapshotOf(emulator),
        transactions,
      });
    }
    log.publish(transactions.length);
    const firstSave = this.onFirstSave;
    this.onFirstSave = undefined;
    await firstSave?.();
  }
}

function hasJettonWallets(addresses: SandboxStateFile['addresses']): addresses is Addresses {
  return !!(addresses.merchantJettonWallet && addresses.payerJettonWallet && addresses.payerFakeJettonWallet);
}

/** Runs one send at a monotonic blockchain time and records what it caused. */
async function send(
  core: ChainCore,
  emulator: Emulator,
  job: (now: number) => Promise<SendMessageResult>,
): Promise<Transaction[]> {
  const now = Math.max(core.clock(), core.lastNow);
  core.lastNow = now;
  emulator.bc.now = now;
  const result = await job(now);
  return result.transactions.map((tx) => core.log.record(tx));
}

function cannotDecode(file: string, err: unknown) {
  return unusableStateError(
    file,
    `its chain data cannot be decoded: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/**
 * A saved chain's history, checked as far as it can be without the emulator: every transaction and
 * account decodes, and the wallets are those of its seed. Data this cannot vet fails here, naming the file.
 */
function restoredLog(saved: SandboxStateFile, file: string): TxLog {
  let log: TxLog;
  try {
    log = TxLog.fromJSON(saved.transactions);
    const { contracts, networkConfig, libs } = saved.snapshot;
    for (const boc of [networkConfig, ...(libs ? [libs] : []), ...contracts.map((c) => c.account)])
      Cell.fromBase64(boc);
  } catch (err) {
    throw cannotDecode(file, err);
  }
  const derived = sandboxWallets(saved.seed);
  const { admin, attacker, payer, merchant } = saved.addresses;
  const same = [derived.admin, derived.attacker, derived.payer, derived.merchant].every(
    (wallet, i) => wallet.contract.address.toRawString() === [admin, attacker, payer, merchant][i],
  );
  if (!same) throw unusableStateError(file, 'its wallet addresses do not match its seed');
  return log;
}

async function openEmulatorFor(
  seed: string,
  snapshot: SerializableSnapshot | null,
  file: string | undefined,
): Promise<Emulator> {
  const { openEmulator } = await loadEmulatorModule();
  try {
    return await openEmulator(seed, snapshot);
  } catch (err) {
    throw snapshot && file ? cannotDecode(file, err) : err;
  }
}
