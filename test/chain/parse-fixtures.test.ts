import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { Address, beginCell, Cell, contractAddress, loadTransaction, type Transaction } from '@ton/core';
import { parseInboundJettonTransfer, parseTransferNotification } from '../../server/chain/parse-transfer';

interface FixtureEntry {
  role: string;
  op: string;
  account: string;
  boc: string;
  hash_hex: string;
  lt: string;
  utime: number;
  query_id: string;
  amount_base_units: string;
  from: string | null;
  comment: string | null;
  owner: string;
  in_msg_src: string;
}

const USDT_MASTER = Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs');
const fixtures: FixtureEntry[] = JSON.parse(
  readFileSync(new URL('../fixtures/real-usdt-transactions.json', import.meta.url), 'utf8'),
);
const txOf = (e: FixtureEntry): Transaction => loadTransaction(Cell.fromBase64(e.boc).beginParse());
const isUsdt = (e: FixtureEntry) => e.role === 'usdt';
const isInternalTransfer = (e: FixtureEntry) => e.op === '0x178d4519';
const named = (e: FixtureEntry) => ({ ...e, name: `${e.role} ${e.op} ${e.hash_hex.slice(0, 8)}` });

describe('real mainnet fixtures: parsing', () => {
  it.each(fixtures.filter(isInternalTransfer).map(named))('internal_transfer $name', (e) => {
    const parsed = parseInboundJettonTransfer(txOf(e), 'USDT');
    expect(parsed).toEqual({
      asset: 'USDT',
      txHash: e.hash_hex,
      lt: BigInt(e.lt),
      utime: e.utime,
      amount: BigInt(e.amount_base_units),
      from: e.from,
      comment: e.comment,
    });
    expect(parseTransferNotification(txOf(e))).toBeNull();
  });

  it.each(fixtures.filter((e) => !isInternalTransfer(e)).map(named))('transfer_notification $name', (e) => {
    const tx = txOf(e);
    const parsed = parseTransferNotification(tx);
    expect(parsed).toMatchObject({
      txHash: e.hash_hex,
      lt: BigInt(e.lt),
      utime: e.utime,
      amount: BigInt(e.amount_base_units),
      from: e.from,
      comment: e.comment,
      queryId: BigInt(e.query_id),
      jettonWallet: e.in_msg_src,
    });
    // the design-A parser must not mistake an owner-side notification for a credit
    expect(parseInboundJettonTransfer(tx, 'USDT')).toBeNull();
  });

  it('keeps aborted notifications (1-nanoton forward, undeployed owner) as real payments', () => {
    const aborted = fixtures
      .filter((e) => !isInternalTransfer(e) && isUsdt(e))
      .map(txOf)
      .map(parseTransferNotification);
    expect(aborted.filter((p) => p?.aborted).length).toBeGreaterThanOrEqual(4);
  });
});

/**
 * USDT wallets are deployed with a library-cell code and data (status, balance, owner, master).
 * We take both from a genuine fixture's StateInit, so the check relies on chain data only.
 */
const genuineInternal = fixtures.find((e) => isUsdt(e) && isInternalTransfer(e))!;
const genuineInit = txOf(genuineInternal).inMessage!.init!;
const usdtWalletData = (owner: Address) =>
  beginCell().storeUint(0, 4).storeCoins(0).storeAddress(owner).storeAddress(USDT_MASTER).endCell();
const usdtWallet = (owner: Address) => contractAddress(0, { code: genuineInit.code!, data: usdtWalletData(owner) });

describe('real mainnet fixtures: USDT wallet authenticity', () => {
  it('the StateInit template reproduces a genuine USDT wallet’s init data', () => {
    expect(genuineInit.code!.isExotic).toBe(true);
    expect(usdtWalletData(Address.parse(genuineInternal.owner)).equals(genuineInit.data!)).toBe(true);
  });

  it('every USDT internal_transfer lands on the owner’s USDT wallet and comes from the payer’s', () => {
    for (const e of fixtures.filter((x) => isUsdt(x) && isInternalTransfer(x))) {
      expect(usdtWallet(Address.parse(e.owner)).equals(Address.parse(e.account))).toBe(true);
      expect(usdtWallet(Address.parse(e.from!)).equals(Address.parse(e.in_msg_src))).toBe(true);
    }
  });

  it('every USDT notification comes from the owner’s USDT wallet', () => {
    for (const e of fixtures.filter((x) => isUsdt(x) && !isInternalTransfer(x))) {
      const parsed = parseTransferNotification(txOf(e))!;
      expect(usdtWallet(Address.parse(e.account)).equals(Address.parse(parsed.jettonWallet))).toBe(true);
    }
  });

  it('the internal_transfer negative control is not a USDT wallet we would watch', () => {
    const e = fixtures.find((x) => !isUsdt(x) && isInternalTransfer(x))!;
    const tx = txOf(e);
    expect(usdtWallet(Address.parse(e.owner)).equals(Address.parse(e.account))).toBe(false);
    expect(usdtWallet(Address.parse(e.from!)).equals(Address.parse(e.in_msg_src))).toBe(false);
    expect(tx.inMessage!.init!.code!.equals(genuineInit.code!)).toBe(false);
  });

  it('the notification negative control does not come from the owner’s USDT wallet', () => {
    const e = fixtures.find((x) => !isUsdt(x) && !isInternalTransfer(x))!;
    const parsed = parseTransferNotification(txOf(e))!;
    expect(usdtWallet(Address.parse(e.account)).equals(Address.parse(parsed.jettonWallet))).toBe(false);
  });
});
