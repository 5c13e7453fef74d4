// The emulator behind a SandboxChain: @ton/sandbox's Blockchain (a 5 MB WebAssembly module, about
// 80 MB resident once loaded) with the chain's actors on it. SandboxChain serves history from its
// own record and imports this module only when it must emulate: a transfer, a get-method.
import { Address, beginCell, type TupleItem } from '@ton/core';
import { Blockchain, snapshotFromSerializable, snapshotToSerializable, type SendMessageResult } from '@ton/sandbox';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { openActors, setUpFreshChain, type ChainSend, type SandboxActors } from './sandbox-actors';
import { sendPayment, type PayOptions, type PayTargets } from './sandbox-payments';
import { sendFromMerchant, type MerchantSendOptions } from './sandbox-merchant-sends';
import {
  sendToncoinFromMerchant,
  sendToncoinPayment,
  type MerchantToncoinOptions,
  type ToncoinPayOptions,
  type ToncoinTargets,
} from './sandbox-toncoin';
import type { JettonWallets, SandboxAddresses, SerializableSnapshot } from './sandbox-state';

export interface Emulator {
  bc: Blockchain;
  actors: SandboxActors;
}

/**
 * V8's optimising tier recompiles the emulator's hot functions in the background, which keeps about
 * 90 MB more resident for the life of the process, and sandbox transfers run no faster for it (100
 * emulated payments: 5.6 s either way). Set before the module compiles; nothing else in the service
 * runs WebAssembly.
 */
function keepOnBaselineTier(): void {
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

/** @ton/sandbox's CommonJS modules of base64 (the WebAssembly, its debugger's patch): .cjs beside a bundle. */
const EMULATOR_SOURCES = /[\\/]emulator-emscripten\.(wasm|debugger\.bpatch\.gzip)\.c?js$/;

/**
 * @ton/sandbox requires its WebAssembly as a CommonJS module of 6.7 MB of base64, which Node keeps
 * for the life of the process, though only making an emulator reads it and a resting service lets its
 * emulator go. Forgotten once read: the next emulator requires it from disk again. The module that
 * required it still lists it among its children, so what it exported (the base64) is emptied too.
 */
function forgetEmulatorSources(): void {
  const modules = createRequire(import.meta.url).cache;
  for (const [file, module] of Object.entries(modules)) {
    if (!module || !EMULATOR_SOURCES.test(file)) continue;
    delete modules[file];
    const exported = module.exports as Record<string, unknown>;
    for (const name of Object.keys(exported)) delete exported[name];
  }
}

/** A new emulator, empty or restored from a saved snapshot (which may fail to decode: the caller names the file). */
export async function openEmulator(seed: string, snapshot: SerializableSnapshot | null): Promise<Emulator> {
  keepOnBaselineTier();
  const bc = await Blockchain.create();
  forgetEmulatorSources();
  if (snapshot) await bc.loadFrom(snapshotFromSerializable(snapshot));
  return { bc, actors: openActors(bc, seed) };
}

/** What the state file keeps of the emulator: the accounts, not its own transaction list (with logs), which would only bloat it. */
export function snapshotOf(emulator: Emulator): SerializableSnapshot {
  return snapshotToSerializable({ ...emulator.bc.snapshot(), transactions: [] });
}

export function setUp(emulator: Emulator, send: ChainSend): Promise<SandboxAddresses> {
  return setUpFreshChain(emulator.bc, emulator.actors, send);
}

/** Asks the minters on chain (not our code) so a restored chain keeps its own wallet addresses. */
export async function jettonWalletsOf(emulator: Emulator, a: SandboxAddresses): Promise<JettonWallets> {
  const walletOf = async (minter: string, owner: string) => {
    const stack: TupleItem[] = [{ type: 'slice', cell: beginCell().storeAddress(Address.parse(owner)).endCell() }];
    const res = await emulator.bc.runGetMethod(Address.parse(minter), 'get_wallet_address', stack);
    return res.stackReader.readAddress().toRawString();
  };
  return {
    merchantJettonWallet: await walletOf(a.jettonMaster, a.merchant),
    payerJettonWallet: await walletOf(a.jettonMaster, a.payer),
    payerFakeJettonWallet: await walletOf(a.fakeJettonMaster, a.payer),
  };
}

export function pay(
  emulator: Emulator,
  targets: Omit<PayTargets, 'bc' | 'payer'>,
  opts: PayOptions,
  now: number,
): Promise<SendMessageResult> {
  return sendPayment({ ...targets, bc: emulator.bc, payer: emulator.actors.payer }, opts, now);
}

export function merchantSend(
  emulator: Emulator,
  merchantJettonWallet: Address,
  opts: MerchantSendOptions,
  now: number,
): Promise<SendMessageResult> {
  return sendFromMerchant(emulator.actors.merchant, merchantJettonWallet, opts, now);
}

export function payToncoin(
  emulator: Emulator,
  targets: Omit<ToncoinTargets, 'bc' | 'payer'>,
  opts: ToncoinPayOptions,
  now: number,
): Promise<SendMessageResult> {
  return sendToncoinPayment({ ...targets, bc: emulator.bc, payer: emulator.actors.payer }, opts, now);
}

export function merchantSendToncoin(
  emulator: Emulator,
  opts: MerchantToncoinOptions,
  now: number,
): Promise<SendMessageResult> {
  return sendToncoinFromMerchant(emulator.actors.merchant, opts, now);
}
