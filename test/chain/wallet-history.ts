import { Blockchain, type SandboxContract, type SendMessageResult, type TreasuryContract } from '@ton/sandbox';
import { WalletContractV4 } from '@ton/ton';
import { keyPairFromSeed } from '@ton/crypto';
import { toNano, type Address, type Transaction } from '@ton/core';

/** A real, linked transaction history of one wallet, built offline in @ton/sandbox. */
export interface WalletHistory {
  blockchain: Blockchain;
  treasury: SandboxContract<TreasuryContract>;
  account: Address;
  /** the wallet's whole history, oldest -> newest */
  transactions: Transaction[];
  /** the treasury's transactions, to give the double a second account */
  treasuryTransactions: Transaction[];
  /** Sends `count` more small transfers; returns the wallet's new transactions, oldest first. */
  receive(count: number): Promise<Transaction[]>;
}

export const START_UTIME = 1_700_000_000;

export async function createWalletHistory(transfers: number): Promise<WalletHistory> {
  const blockchain = await Blockchain.create();
  blockchain.now = START_UTIME;
  const treasury = await blockchain.treasury('payer');
  const keys = keyPairFromSeed(Buffer.alloc(32, 7));
  const wallet = blockchain.openContract(WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }));
  const accountHash = BigInt(`0x${wallet.address.hash.toString('hex')}`);
  const transactions: Transaction[] = [];
  const treasuryTransactions: Transaction[] = [];

  // blockchain.getTransactions is unreliable in sandbox 0.41, so collect from each send result.
  function collect(result: SendMessageResult): Transaction[] {
    const mine = result.transactions.filter((tx) => tx.address === accountHash);
    transactions.push(...mine);
    treasuryTransactions.push(...result.transactions.filter((tx) => tx.address !== accountHash));
    return mine;
  }

  collect(await treasury.send({ to: wallet.address, value: toNano('1'), bounce: false }));
  // The first external message carries the StateInit and activates the wallet.
  collect(await wallet.sendTransfer({ seqno: 0, secretKey: keys.secretKey, messages: [] }));

  async function receive(count: number): Promise<Transaction[]> {
    const fresh: Transaction[] = [];
    for (let i = 0; i < count; i += 1) {
      blockchain.now = (blockchain.now ?? START_UTIME) + 10;
      fresh.push(
        ...collect(await treasury.send({ to: wallet.address, value: toNano('0.01') + BigInt(i), bounce: false })),
      );
    }
    return fresh;
  }

  await receive(transfers);
  return { blockchain, treasury, account: wallet.address, transactions, treasuryTransactions, receive };
}
