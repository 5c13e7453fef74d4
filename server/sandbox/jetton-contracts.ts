// Our sandbox test jetton: precompiled code (server/sandbox/contracts/compiled.json) and the
// StateInit/address arithmetic around it. Compiling happens only in scripts/compile-contracts.ts.
import { readFileSync } from 'node:fs';
import { beginCell, contractAddress, Cell, Dictionary, type Address, type StateInit } from '@ton/core';
import { sha256_sync } from '@ton/crypto';

export interface JettonCode {
  minter: Cell;
  wallet: Cell;
}

interface CompiledJson {
  jettonMinter: { codeBoc64: string; codeHashHex: string };
  jettonWallet: { codeBoc64: string; codeHashHex: string };
}

let cached: JettonCode | undefined;

function decodeCode(entry: { codeBoc64: string; codeHashHex: string }, name: string): Cell {
  const cell = Cell.fromBase64(entry.codeBoc64);
  if (cell.hash().toString('hex') !== entry.codeHashHex) throw new Error(`compiled.json: ${name} hash mismatch`);
  return cell;
}

export function jettonCode(): JettonCode {
  if (!cached) {
    const json = JSON.parse(
      readFileSync(new URL('./contracts/compiled.json', import.meta.url), 'utf8'),
    ) as CompiledJson;
    cached = { minter: decodeCode(json.jettonMinter, 'minter'), wallet: decodeCode(json.jettonWallet, 'wallet') };
  }
  return cached;
}

export interface JettonMetadata {
  name: string;
  symbol: string;
  decimals: number;
}

/** TEP-64 on-chain content: 0x00, then a dict sha256(key) -> ^(0x00 + snake text). */
export function jettonContentCell(meta: JettonMetadata): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  const entries: [string, string][] = [
    ['name', meta.name],
    ['symbol', meta.symbol],
    ['decimals', String(meta.decimals)],
  ];
  for (const [key, value] of entries) {
    const keyHash = BigInt('0x' + sha256_sync(key).toString('hex'));
    dict.set(keyHash, beginCell().storeUint(0, 8).storeStringTail(value).endCell());
  }
  return beginCell().storeUint(0, 8).storeDict(dict).endCell();
}

export function jettonMinterInit(admin: Address, meta: JettonMetadata): StateInit {
  const { minter, wallet } = jettonCode();
  const data = beginCell()
    .storeCoins(0)
    .storeAddress(admin)
    .storeRef(jettonContentCell(meta))
    .storeRef(wallet)
    .endCell();
  return { code: minter, data };
}

/** Mirrors the contracts' own calculation (storage: balance 0, owner, minter). */
export function jettonWalletInit(owner: Address, minter: Address): StateInit {
  const data = beginCell().storeCoins(0).storeAddress(owner).storeAddress(minter).endCell();
  return { code: jettonCode().wallet, data };
}

export function jettonWalletAddress(owner: Address, minter: Address): Address {
  return contractAddress(0, jettonWalletInit(owner, minter));
}
