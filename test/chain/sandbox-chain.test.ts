import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beginCell, type Address, type Transaction } from '@ton/core';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { parseInboundJettonTransfer, parseTransferNotification } from '../../server/chain/parse-transfer';

const EMULATOR_SOURCE = /[\\/]emulator-emscripten\.wasm\.js$/;
/** its exports, or Node's own copy of them under a symbol of the module */
const holdsBase64 = (module: NodeJS.Module) =>
  [module.exports, ...Object.getOwnPropertySymbols(module).map((key) => Reflect.get(module, key))].some(
    (value) => typeof (value as { EmulatorEmscriptenWasm?: unknown } | null)?.EmulatorEmscriptenWasm === 'string',
  );
let clock = 1_760_000_000;
const now = () => clock;
const stateFile = join(mkdtempSync(join(tmpdir(), 'tontill-sandbox-')), 'chain.json');
let chain: SandboxChain;

const history = (c: SandboxChain, account: Address) => c.source().getTransactions(account, { limit: 100 });
const on = (txs: Transaction[], account: Address) =>
  txs.filter((t) => t.address === BigInt('0x' + account.hash.toString('hex')));
const hashes = (txs: Transaction[]) => txs.map((t) => t.hash().toString('hex'));

async function newestCredit(c: SandboxChain) {
  const [newest] = await history(c, c.merchantJettonWallet);
  return parseInboundJettonTransfer(newest!, 'USDT');
}

async function jettonBalance(c: SandboxChain): Promise<bigint> {
  return (await c.source().runGetMethod(c.merchantJettonWallet, 'get_wallet_data')).readBigNumber();
}

beforeAll(async () => {
  chain = await SandboxChain.open({ stateFile, seed: 'sandbox-test', now });
});

describe('a fresh SandboxChain', () => {
  it('already has the merchant jetton wallet, with an empty balance and nothing to credit', async () => {
    const fresh = await SandboxChain.open({ seed: 'fresh', now });
    const data = await fresh.source().runGetMethod(fresh.merchantJettonWallet, 'get_wallet_data');
    expect(data.readBigNumber()).toBe(0n);
    expect(data.readAddress().equals(fresh.merchantAddress)).toBe(true);
    const txs = await history(fresh, fresh.merchantJettonWallet);
    expect(txs).toHaveLength(1);
    expect(parseInboundJettonTransfer(txs[0]!, 'USDT')).toBeNull();
  });
});

describe('the emulator behind a SandboxChain', () => {
  it('is not loaded by a new chain until something must be emulated, which then sets the chain up and saves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tontill-sandbox-lazy-'));
    const file = join(dir, 'chain.json');
    const saves: string[] = [];
    const lazy = await SandboxChain.open({
      deferSetUp: true,
      stateFile: file,
      seed: 'lazy',
      now,
      onFirstSave: async () => void saves.push('saved'),
    });
    expect(existsSync(file)).toBe(false);
    expect(await history(lazy, lazy.merchantJettonWallet)).toEqual([]);
    clock += 10;
    await lazy.pay({ amount: 5_000_000n, comment: 'INV-lazy' });
    expect(existsSync(file)).toBe(true);
    expect(saves).toEqual(['saved']);
    expect(await newestCredit(lazy)).toMatchObject({ amount: 5_000_000n, comment: 'INV-lazy' });
    expect(await jettonBalance(lazy)).toBe(5_000_000n);
    // the addresses it was given from the seed alone are the ones its minters answer
    const reopened = await SandboxChain.open({ stateFile: file, now });
    expect(reopened.merchantJettonWallet.equals(lazy.merchantJettonWallet)).toBe(true);
  });

  it('lets the emulator go at rest and picks up where it left off at the next transfer', async () => {
    const resting = await SandboxChain.open({ seed: 'resting', now });
    clock += 10;
    await resting.pay({ amount: 1_000_000n, comment: 'INV-before-rest' });
    await resting.releaseEmulator();
    await resting.releaseEmulator(); // nothing loaded: nothing to do
    expect(await newestCredit(resting)).toMatchObject({ comment: 'INV-before-rest' });
    clock += 10;
    await resting.pay({ amount: 2_000_000n, comment: 'INV-after-rest' });
    expect(await newestCredit(resting)).toMatchObject({ amount: 2_000_000n, comment: 'INV-after-rest' });
    expect(await jettonBalance(resting)).toBe(3_000_000n);
  });

  it("keeps no copy of its WebAssembly's module once an emulator is made: the next one reads it from disk again", async () => {
    const emulating = await SandboxChain.open({ seed: 'read-from-disk', now });
    clock += 10;
    await emulating.pay({ amount: 1_000_000n, comment: 'INV-first-emulator' });
    // @ton/sandbox reads it through require(): Node would keep the module (6.7 MB of base64) for good,
    // in its cache and among the children of the module that required it
    const modules = Object.values(createRequire(import.meta.url).cache);
    const cached = modules.filter((module) => EMULATOR_SOURCE.test(module!.filename));
    const heldByParent = modules
      .flatMap((module) => module!.children)
      .filter((child) => EMULATOR_SOURCE.test(child.filename) && holdsBase64(child));
    expect({ cached, heldByParent }).toEqual({ cached: [], heldByParent: [] });
    await emulating.releaseEmulator();
    clock += 10;
    await emulating.pay({ amount: 2_000_000n, comment: 'INV-second-emulator' });
    expect(await newestCredit(emulating)).toMatchObject({ amount: 2_000_000n, comment: 'INV-second-emulator' });
  });
});

describe('SandboxChain payments', () => {
  it('credits an exact payment with the comment in a ref, at blockchain time = our clock', async () => {
    clock += 10;
    const txs = await chain.pay({ amount: 12_340_000n, comment: 'INV-ref-1', commentInRef: true });
    expect(await newestCredit(chain)).toMatchObject({
      amount: 12_340_000n,
      from: chain.payerAddress.toString(),
      comment: 'INV-ref-1',
      utime: clock,
    });
    // the usual 1-nanoton notification reaches the merchant too, aborted for lack of gas
    const notice = on(txs, chain.merchantAddress)
      .map(parseTransferNotification)
      .find((n) => n);
    expect(notice).toMatchObject({ amount: 12_340_000n, comment: 'INV-ref-1', aborted: true });
    expect(notice!.jettonWallet).toBe(chain.merchantJettonWallet.toString());
  });

  it('credits an inline comment, including long snake text', async () => {
    await chain.pay({ amount: 1_000_000n, comment: 'INV-inline' });
    expect((await newestCredit(chain))?.comment).toBe('INV-inline');
    const long = 'Zahlung für Bestellung '.repeat(12) + '#42';
    await chain.pay({ amount: 1_000_000n, comment: long });
    expect((await newestCredit(chain))?.comment).toBe(long);
    await chain.pay({ amount: 1_000_000n, comment: long, commentInRef: true });
    expect((await newestCredit(chain))?.comment).toBe(long);
  });

  it('credits forward_ton_amount = 0 although the merchant wallet sees nothing', async () => {
    const txs = await chain.pay({ amount: 2_000_000n, comment: 'INV-fwd0', forwardTonAmount: 0n });
    expect(await newestCredit(chain)).toMatchObject({ amount: 2_000_000n, comment: 'INV-fwd0' });
    expect(on(txs, chain.merchantAddress)).toHaveLength(0);
  });

  it('gives comment null when there is no comment', async () => {
    await chain.pay({ amount: 3_000_000n });
    expect(await newestCredit(chain)).toMatchObject({ amount: 3_000_000n, comment: null });
  });

  it('ignores a look-alike jetton from another minter', async () => {
    const before = hashes(await history(chain, chain.merchantJettonWallet));
    const txs = await chain.pay({ amount: 50_000_000n, comment: 'INV-fake', case: 'fake-jetton' });
    expect(hashes(await history(chain, chain.merchantJettonWallet))).toEqual(before);
    // the merchant wallet does get a notification, but from the wrong jetton wallet
    const notice = on(txs, chain.merchantAddress)
      .map(parseTransferNotification)
      .find((n) => n);
    expect(notice?.comment).toBe('INV-fake');
    expect(notice?.jettonWallet).not.toBe(chain.merchantJettonWallet.toString());
  });

  it('rejects a forged internal_transfer sent by a plain wallet: nothing is credited', async () => {
    const balance = await jettonBalance(chain);
    const txs = await chain.pay({ amount: 70_000_000n, comment: 'INV-forged', case: 'forged' });
    const onJw = on(txs, chain.merchantJettonWallet);
    expect(onJw).toHaveLength(1);
    expect(onJw[0]!.description).toMatchObject({ aborted: true, computePhase: { success: false, exitCode: 707 } });
    expect(onJw.map((tx) => parseInboundJettonTransfer(tx, 'USDT'))).toEqual([null]);
    expect(await jettonBalance(chain)).toBe(balance);
  });

  it('does not count a bounced internal_transfer', async () => {
    const txs = await chain.pay({ amount: 4_000_000n, comment: 'INV-bounce', case: 'bounced' });
    const onJw = on(txs, chain.merchantJettonWallet);
    expect(onJw).toHaveLength(1);
    expect(parseInboundJettonTransfer(onJw[0]!, 'USDT')).toBeNull();
  });

  it('serializes concurrent payments into one continuous history', async () => {
    await Promise.all([1n, 2n, 3n].map((n) => chain.pay({ amount: n, comment: `INV-c${n}` })));
    const [a, b, c] = await history(chain, chain.merchantJettonWallet);
    expect([a, b, c].map((t) => parseInboundJettonTransfer(t!, 'USDT')?.comment).sort()).toEqual([
      'INV-c1',
      'INV-c2',
      'INV-c3',
    ]);
    expect(a!.prevTransactionLt).toBe(b!.lt);
    expect(a!.prevTransactionHash).toBe(BigInt('0x' + b!.hash().toString('hex')));
  });
});

describe('SandboxChain source', () => {
  it('pages like toncenter: newest first, lt+hash inclusive, toLt exclusive', async () => {
    const all = await history(chain, chain.merchantJettonWallet);
    expect(all.length).toBeGreaterThan(5);
    const lts = all.map((t) => t.lt);
    expect([...lts].sort((x, y) => (x < y ? 1 : -1))).toEqual(lts);
    const from = all[2]!;
    const page = await chain.source().getTransactions(chain.merchantJettonWallet, {
      limit: 2,
      lt: from.lt,
      hash: from.hash().toString('hex'),
    });
    expect(hashes(page)).toEqual(hashes(all.slice(2, 4)));
    const newer = await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100, toLt: all[3]!.lt });
    expect(hashes(newer)).toEqual(hashes(all.slice(0, 3)));
  });

  it('answers get_wallet_address, get_wallet_data and get_jetton_data like a jetton', async () => {
    const src = chain.source();
    const owner = beginCell().storeAddress(chain.merchantAddress).endCell();
    const addr = await src.runGetMethod(chain.jettonMaster, 'get_wallet_address', [{ type: 'slice', cell: owner }]);
    expect(addr.readAddress().equals(chain.merchantJettonWallet)).toBe(true);
    const data = await src.runGetMethod(chain.merchantJettonWallet, 'get_wallet_data');
    expect(data.readBigNumber()).toBeGreaterThan(0n);
    expect(data.readAddress().equals(chain.merchantAddress)).toBe(true);
    expect(data.readAddress().equals(chain.jettonMaster)).toBe(true);
    const jetton = await src.runGetMethod(chain.jettonMaster, 'get_jetton_data');
    expect(jetton.readBigNumber()).toBe(1_000_000_000_000n);
  });
});

describe('SandboxChain persistence', () => {
  it('reopens the same chain from its state file and keeps extending it', async () => {
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    const before = await history(chain, chain.merchantJettonWallet);
    const reopened = await SandboxChain.open({ stateFile, now });
    expect(reopened.merchantJettonWallet.equals(chain.merchantJettonWallet)).toBe(true);
    expect(hashes(await history(reopened, reopened.merchantJettonWallet))).toEqual(hashes(before));
    expect(await jettonBalance(reopened)).toBe(await jettonBalance(chain));

    clock += 60;
    await reopened.pay({ amount: 5_000_000n, comment: 'INV-after-restart' });
    const [newest] = await history(reopened, reopened.merchantJettonWallet);
    expect(parseInboundJettonTransfer(newest!, 'USDT')).toMatchObject({
      amount: 5_000_000n,
      comment: 'INV-after-restart',
      utime: clock,
    });
    expect(newest!.prevTransactionLt).toBe(before[0]!.lt);
    expect(newest!.prevTransactionHash).toBe(BigInt('0x' + before[0]!.hash().toString('hex')));
  });

  it('refuses a state file created with another seed', async () => {
    await expect(SandboxChain.open({ stateFile, seed: 'someone-else', now })).rejects.toThrow(/another seed/);
  });
});
