// The public key a ton_proof is checked against, read from the wallet's own state init: the wallet
// apps put it in the contract's data, at a place each wallet version fixes.
import type { Address } from '@ton/core';
import { Cell, contractAddress, loadStateInit, type StateInit } from '@ton/core';
// The wallet modules alone, as server/sandbox/sandbox-identity.ts does: @ton/ton's index also loads its HTTP clients.
import { WalletContractV3R1 } from '@ton/ton/dist/wallets/WalletContractV3R1.js';
import { WalletContractV3R2 } from '@ton/ton/dist/wallets/WalletContractV3R2.js';
import { WalletContractV4 } from '@ton/ton/dist/wallets/WalletContractV4.js';
import { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';

type Layout = 'v3' | 'v4' | 'v5';

const NO_KEY = Buffer.alloc(32);
/** The code of each wallet version we read, by its hash; any other code is not a wallet we know. */
const KNOWN_CODE = new Map<string, Layout>([
  [WalletContractV3R1.create({ workchain: 0, publicKey: NO_KEY }).init.code.hash().toString('hex'), 'v3'],
  [WalletContractV3R2.create({ workchain: 0, publicKey: NO_KEY }).init.code.hash().toString('hex'), 'v3'],
  [WalletContractV4.create({ workchain: 0, publicKey: NO_KEY }).init.code.hash().toString('hex'), 'v4'],
  [WalletContractV5R1.create({ workchain: 0, publicKey: NO_KEY }).init.code.hash().toString('hex'), 'v5'],
]);

export type StateInitKey = { ok: true; publicKey: Buffer } | { ok: false; message: string };

/**
 * The public key in a wallet's state init (base64 BOC), refused unless the state init is the one
 * that deploys `address` (else any key could be claimed for any address) and is a wallet we know.
 */
export function publicKeyFromStateInit(stateInitBoc: string, address: Address): StateInitKey {
  let init: StateInit;
  try {
    init = loadStateInit(Cell.fromBase64(stateInitBoc).beginParse());
  } catch {
    return { ok: false, message: 'is not a state init (a base64 bag of cells)' };
  }
  if (!init.code || !init.data) return { ok: false, message: 'has no code or no data' };
  if (!contractAddress(address.workChain, init).equals(address))
    return { ok: false, message: "does not deploy the claimed address (the address is not this wallet's)" };
  const layout = KNOWN_CODE.get(init.code.hash().toString('hex'));
  if (!layout) return { ok: false, message: 'is not a wallet this service knows (v3, v4 or v5)' };
  return { ok: true, publicKey: keyInData(init.data, layout) };
}

function keyInData(data: Cell, layout: Layout): Buffer {
  const slice = data.beginParse();
  if (layout === 'v5') slice.skip(1); // is_signature_allowed
  slice.skip(32 + 32); // seqno, subwallet (v5: wallet_id)
  return slice.loadBuffer(32);
}
