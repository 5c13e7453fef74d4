import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { Address, beginCell, Cell, comment, internal, loadTransaction, toNano, type Transaction } from '@ton/core';
import { Blockchain, type SendMessageResult } from '@ton/sandbox';
import { NATIVE_PAYMENT_FLOOR, parseNativeTransfer } from '../../server/chain/parse-native-transfer';
import { openActors, walletTransfer, type SandboxActors } from '../../server/sandbox/sandbox-actors';

/** One file of test/fixtures/ton-native/: a real mainnet transaction and what it must parse to. */
interface NativeVector {
  name: string;
  source: string;
  network: string;
  account: string;
  hash_hex: string;
  lt: string;
  utime: number;
  source_address: string | null;
  value_nanoton: string | null;
  comment: string | null;
  boc: string;
  expected: { ok: true; memo: string | null; bounce: boolean } | { ok: false; reason: string };
}

const fixtures = new URL('../fixtures/ton-native/', import.meta.url);
const vectors = readdirSync(fixtures)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, fixtures), 'utf8')) as NativeVector);
const usdtVectors = JSON.parse(
  readFileSync(new URL('../fixtures/real-usdt-transactions.json', import.meta.url), 'utf8'),
) as Array<{ boc: string; account: string }>;

const txOf = (v: { boc: string }): Transaction => loadTransaction(Cell.fromBase64(v.boc).beginParse());
const walletOf = (v: { account: string }) => Address.parse(v.account);
const vector = (name: string) => vectors.find((v) => v.name === name)!;
const payments = vectors.filter((v) => v.expected.ok);
const refusals = vectors.filter((v) => !v.expected.ok);

describe('real mainnet Toncoin transfers (test/fixtures/ton-native/)', () => {
  it('are real mainnet transactions, each with its source and its recorded hash', () => {
    expect(payments.length).toBeGreaterThanOrEqual(4);
    for (const v of vectors) {
      expect(v.network).toBe('mainnet');
      expect(v.source).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}:\S+$/);
      expect(txOf(v).hash().toString('hex')).toBe(v.hash_hex);
    }
  });

  it.each(payments)('$name: a payment with the recorded hash, lt, time, sender, nanotons and memo', (v) => {
    if (!v.expected.ok) throw new Error('not a payment vector');
    expect(parseNativeTransfer(txOf(v), walletOf(v))).toEqual({
      ok: true,
      transfer: {
        txHash: v.hash_hex,
        lt: BigInt(v.lt),
        utime: v.utime,
        from: v.source_address,
        amount: BigInt(v.value_nanoton!),
        memo: v.expected.memo,
        bounce: v.expected.bounce,
      },
    });
  });

  it.each(refusals)('$name: refused ($expected.reason)', (v) => {
    expect(parseNativeTransfer(txOf(v), walletOf(v))).toEqual(v.expected);
  });

  it('a payment to one wallet is refused when asked about another wallet', () => {
    const v = vector('comment-into-highload-wallet');
    const other = walletOf(vector('comment-utf8-into-v5r1-wallet'));
    expect(parseNativeTransfer(txOf(v), other)).toEqual({ ok: false, reason: 'other_account' });
  });

  it('no real USDT transaction (credit, notification or negative control) reads as a Toncoin payment', () => {
    for (const u of usdtVectors) {
      expect(parseNativeTransfer(txOf(u), Address.parse(u.account)).ok).toBe(false);
    }
  });
});

/** SYNTHETIC: a real vector with one part changed here, for the cases no public mainnet BOC showed. */
function variant(name: string, change: (tx: Transaction) => Partial<Transaction>): Transaction {
  const tx = txOf(vector(name));
  return { ...tx, ...change(tx) };
}

function withInbound(tx: Transaction, info: Record<string, unknown>, body?: Cell): Partial<Transaction> {
  const msg = tx.inMessage!;
  return { inMessage: { ...msg, info: { ...msg.info, ...info } as typeof msg.info, body: body ?? msg.body } };
}

describe('synthetic variants of real vectors (labelled: built in this test, not found on chain)', () => {
  const base = 'comment-into-highload-wallet';
  const wallet = walletOf(vector(base));
  const verdict = (tx: Transaction) => parseNativeTransfer(tx, wallet);

  it('SYNTHETIC bounced: the same message marked bounced (one of our own coming back) is refused', () => {
    expect(verdict(variant(base, (tx) => withInbound(tx, { bounced: true })))).toEqual({
      ok: false,
      reason: 'bounced',
    });
  });

  it('SYNTHETIC bounced: the real bounce that aborted-bounced-back sent, arriving on its sender, is refused', () => {
    const bounce = txOf(vector('aborted-bounced-back')).outMessages.get(0)!;
    if (bounce.info.type !== 'internal') throw new Error('the bounce is an internal message');
    const sender = bounce.info.dest;
    const arrived = variant(base, () => ({ address: BigInt(`0x${sender.hash.toString('hex')}`), inMessage: bounce }));
    expect(parseNativeTransfer(arrived, sender)).toEqual({ ok: false, reason: 'bounced' });
  });

  it('SYNTHETIC has_outgoing: the wallet sending while it handled the message is not a deposit', () => {
    expect(verdict(variant(base, () => ({ outMessagesCount: 1 })))).toEqual({ ok: false, reason: 'has_outgoing' });
  });

  it('SYNTHETIC not_internal: a transaction without an inbound message is refused', () => {
    expect(verdict(variant(base, () => ({ inMessage: undefined })))).toEqual({ ok: false, reason: 'not_internal' });
  });

  it('SYNTHETIC floor: one nanoton under the floor is refused, the floor itself is a payment', () => {
    const at = (coins: bigint) => verdict(variant(base, (tx) => withInbound(tx, { value: { coins } })));
    expect(at(NATIVE_PAYMENT_FLOOR - 1n)).toEqual({ ok: false, reason: 'below_fee_floor' });
    expect(at(NATIVE_PAYMENT_FLOOR)).toMatchObject({ ok: true, transfer: { amount: NATIVE_PAYMENT_FLOOR } });
  });

  it('SYNTHETIC memos: binary, encrypted and malformed comments are payments without a readable memo', () => {
    const bodies = [
      beginCell().storeUint(0, 32).storeUint(0xff, 8).storeBuffer(Buffer.from('order-7')).endCell(),
      beginCell().storeUint(0x2167da4b, 32).storeBuffer(Buffer.alloc(40, 7)).endCell(),
      beginCell().storeUint(0, 32).storeUint(1, 5).endCell(),
    ];
    for (const body of bodies) {
      expect(verdict(variant(base, (tx) => withInbound(tx, {}, body)))).toMatchObject({
        ok: true,
        transfer: { memo: null },
      });
    }
  });
});

describe("on the sandbox chain (@ton/sandbox, the sandbox actors' real wallet contracts)", () => {
  const now = 1_760_000_000;
  let bc: Blockchain;
  let actors: SandboxActors;
  const on = (res: SendMessageResult, account: Address) =>
    res.transactions.filter((tx) => tx.address === BigInt(`0x${account.hash.toString('hex')}`));

  beforeAll(async () => {
    bc = await Blockchain.create();
    bc.now = now;
    actors = openActors(bc, 'native-transfer-test');
    const faucet = await bc.treasury('faucet');
    for (const a of [actors.payer, actors.merchant]) {
      await faucet.send({ to: a.wallet.address, value: toNano('100'), bounce: false });
      await walletTransfer(a, [], now); // the first external message deploys the wallet
    }
  });

  it('a Toncoin transfer with a comment from the payer wallet to the merchant wallet is a payment', async () => {
    const payer = actors.payer.wallet.address;
    const merchant = actors.merchant.wallet.address;
    const body = comment('INV-42 Toncoin, with a long enough memo to show the parser reads it whole');
    const res = await walletTransfer(
      actors.payer,
      [internal({ to: merchant, value: toNano('1.5'), bounce: false, body })],
      now,
    );
    const [received] = on(res, merchant);
    expect(parseNativeTransfer(received!, merchant)).toEqual({
      ok: true,
      transfer: {
        txHash: received!.hash().toString('hex'),
        lt: received!.lt,
        utime: now,
        from: payer.toString(),
        amount: 1_500_000_000n,
        memo: 'INV-42 Toncoin, with a long enough memo to show the parser reads it whole',
        bounce: false,
      },
    });
    const [sent] = on(res, payer);
    expect(parseNativeTransfer(sent!, payer)).toEqual({ ok: false, reason: 'external_in' });
  });

  it('a bounceable send to an empty address comes back to the merchant bounced, and is refused', async () => {
    const merchant = actors.merchant.wallet.address;
    const nobody = new Address(0, Buffer.alloc(32, 9));
    const msg = internal({ to: nobody, value: toNano('0.5'), bounce: true, body: comment('refund R-1') });
    const mine = on(await walletTransfer(actors.merchant, [msg], now), merchant);
    const returned = mine.find((tx) => tx.inMessage?.info.type === 'internal');
    expect(returned?.inMessage?.info).toMatchObject({ bounced: true });
    expect(parseNativeTransfer(returned!, merchant)).toEqual({ ok: false, reason: 'bounced' });
    expect(parseNativeTransfer(mine[0]!, merchant)).toEqual({ ok: false, reason: 'external_in' });
  });
});
