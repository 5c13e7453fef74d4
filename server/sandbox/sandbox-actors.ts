// The sandbox's cast: real wallets with keys derived from the chain's seed, and the two
// minters (our test USDT and an attacker's look-alike).
import { Address, internal, SendMode, toNano, type MessageRelaxed } from '@ton/core';
import type { KeyPair } from '@ton/crypto';
import { internal as rawInternal, type Blockchain, type SandboxContract, type SendMessageResult } from '@ton/sandbox';
import type { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { mintBody } from './jetton-messages';
import { jettonMinterInit, jettonWalletAddress, jettonWalletInit } from './jetton-contracts';
import { sandboxWallets, testUsdtMaster, TEST_USDT } from './sandbox-identity';
import type { SandboxAddresses } from './sandbox-state';

export interface Actor<W> {
  wallet: SandboxContract<W>;
  keys: KeyPair;
}

export interface SandboxActors {
  admin: Actor<WalletContractV4>;
  attacker: Actor<WalletContractV4>;
  payer: Actor<WalletContractV4>;
  merchant: Actor<WalletContractV5R1>;
}

/** Sends one thing at blockchain time `now`; the caller records the transactions. */
export type ChainSend = (send: (now: number) => Promise<SendMessageResult>) => Promise<unknown>;

/** 1 000 000 test USDT (6 decimals) for the payer, of both the genuine and the look-alike jetton */
const PAYER_MINT = 1_000_000_000_000n;
/** TON every wallet starts with: gas for the jetton transfers, and the merchant's refunds */
const STARTING_TON = toNano('1000');
/** the payer also pays in Toncoin: 1 000 000 TON lasts any test or bench run (10 000 payments of 100 TON) */
const PAYER_TON = toNano('1000000');

export function openActors(bc: Blockchain, seed: string): SandboxActors {
  const { admin, attacker, payer, merchant } = sandboxWallets(seed);
  return {
    admin: { keys: admin.keys, wallet: bc.openContract(admin.contract) },
    attacker: { keys: attacker.keys, wallet: bc.openContract(attacker.contract) },
    payer: { keys: payer.keys, wallet: bc.openContract(payer.contract) },
    merchant: { keys: merchant.keys, wallet: bc.openContract(merchant.contract) },
  };
}

/** A signed external transfer from a real wallet (the first one also deploys it). */
export async function walletTransfer(
  actor: Actor<WalletContractV4> | Actor<WalletContractV5R1>,
  messages: MessageRelaxed[],
  now: number,
): Promise<SendMessageResult> {
  const seqno = await actor.wallet.getSeqno();
  const args = {
    seqno,
    secretKey: actor.keys.secretKey,
    messages,
    sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    // the wallet checks valid_until against blockchain time, which may be a test clock
    timeout: now + 60,
  };
  return actor.wallet.sendTransfer(args);
}

/** TON arriving from outside the sandbox (the zero address stands in for an exchange). */
function faucet(bc: Blockchain, to: Address, value: bigint, now: number): Promise<SendMessageResult> {
  const from = new Address(0, Buffer.alloc(32));
  return bc.sendMessage(rawInternal({ from, to, value, bounce: false, createdAt: now }));
}

async function deployMinterAndMint(send: ChainSend, owner: Actor<WalletContractV4>, payer: Address): Promise<Address> {
  const init = jettonMinterInit(owner.wallet.address, TEST_USDT);
  const minter = testUsdtMaster(owner.wallet.address);
  const body = mintBody({
    queryId: 1n,
    to: payer,
    amount: PAYER_MINT,
    tonAmount: toNano('0.1'),
    responseAddress: payer,
  });
  await send((now) => walletTransfer(owner, [internal({ to: minter, value: toNano('0.5'), init, body })], now));
  return minter;
}

/**
 * A plain TON top-up carrying the StateInit: the merchant's jetton wallet exists (balance 0,
 * no internal_transfer in its history) so get_wallet_data answers before the first payment.
 */
async function deployEmptyJettonWallet(
  send: ChainSend,
  from: Actor<WalletContractV4>,
  owner: Address,
  minter: Address,
): Promise<void> {
  const to = jettonWalletAddress(owner, minter);
  const init = jettonWalletInit(owner, minter);
  await send((now) => walletTransfer(from, [internal({ to, value: toNano('0.05'), bounce: false, init })], now));
}

/** Funds and deploys every wallet and both minters, mints the payer's balances, deploys the merchant's jetton wallet. */
export async function setUpFreshChain(
  bc: Blockchain,
  actors: SandboxActors,
  send: ChainSend,
): Promise<SandboxAddresses> {
  const { admin, attacker, payer, merchant } = actors;
  for (const a of [admin, attacker, payer, merchant]) {
    await send((now) => faucet(bc, a.wallet.address, a === payer ? PAYER_TON : STARTING_TON, now));
  }
  // a merchant wallet that never sent anything would be uninit: unrealistic for a shop
  await send((now) => walletTransfer(merchant, [], now));
  await send((now) => walletTransfer(payer, [], now));
  const jettonMaster = await deployMinterAndMint(send, admin, payer.wallet.address);
  const fakeJettonMaster = await deployMinterAndMint(send, attacker, payer.wallet.address);
  await deployEmptyJettonWallet(send, admin, merchant.wallet.address, jettonMaster);
  return {
    admin: admin.wallet.address.toRawString(),
    attacker: attacker.wallet.address.toRawString(),
    payer: payer.wallet.address.toRawString(),
    merchant: merchant.wallet.address.toRawString(),
    jettonMaster: jettonMaster.toRawString(),
    fakeJettonMaster: fakeJettonMaster.toRawString(),
  };
}
