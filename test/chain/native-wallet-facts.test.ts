import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Address, Cell, loadTransaction, type Transaction } from '@ton/core';
import { nativeWalletFacts } from '../../server/chain/native-wallet-facts';
import { accountFacts, watchedAccountsOf } from '../../server/chain/watched-account';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';

const vector = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/ton-native/${name}.json`, import.meta.url), 'utf8')) as {
    boc: string;
    account: string;
    hash_hex: string;
    expected: { ok: boolean; memo?: string | null };
  };
const txOf = (boc: string): Transaction => loadTransaction(Cell.fromBase64(boc).beginParse());

describe('the store wallet facts of real mainnet transactions', () => {
  it('a wallet signing its own send is Toncoin sent: the outgoing message value, to its destination', () => {
    const v = vector('external-in-own-send');
    const tx = txOf(v.boc);
    const out = tx.outMessages.get(0)!;
    if (out.info.type !== 'internal') throw new Error('the vector sends an internal message');
    const { transfers, movements } = nativeWalletFacts([tx], Address.parse(v.account), 'TON');
    expect(transfers).toEqual([]);
    expect(movements).toEqual([
      expect.objectContaining({
        asset: 'TON',
        kind: 'sent',
        txHash: v.hash_hex,
        amount: out.info.value.coins,
        counterparty: out.info.dest.toString(),
        queryId: 0n,
      }),
    ]);
    expect(out.info.value.coins).toBeGreaterThan(0n);
  });

  it('a real deposit is an inbound Toncoin transfer with its memo; a real refusal is no fact at all', () => {
    const paid = vector('comment-utf8-into-v5r1-wallet');
    const facts = nativeWalletFacts([txOf(paid.boc)], Address.parse(paid.account), 'TON');
    expect(facts.transfers).toEqual([expect.objectContaining({ asset: 'TON', comment: paid.expected.memo })]);
    for (const name of ['dust-below-floor', 'jetton-excesses', 'aborted-bounced-back']) {
      const v = vector(name);
      expect(nativeWalletFacts([txOf(v.boc)], Address.parse(v.account), 'TON')).toEqual({
        transfers: [],
        movements: [],
      });
    }
  });
});

describe('the store wallet facts of emulated sends (sandbox chain)', () => {
  let chain: SandboxChain;
  beforeAll(async () => {
    chain = await SandboxChain.open();
  });
  const onStore = (txs: Transaction[]) =>
    txs.filter((tx) => tx.address === BigInt(`0x${chain.merchantAddress.hash.toString('hex')}`));
  const facts = (txs: Transaction[]) => {
    const [, store] = watchedAccountsOf(chain.merchantJettonWallet, chain.merchantAddress, ['USDT', 'TON']);
    return accountFacts(store!, onStore(txs));
  };

  it('a Toncoin refund the merchant signs is sent, with its destination and comment', async () => {
    const txs = await chain.sendToncoinFromMerchant({
      amount: 2_000_000_000n,
      destination: chain.payerAddress,
      comment: 'R-REFUND-7',
    });
    expect(facts(txs)).toEqual({
      transfers: [],
      movements: [
        expect.objectContaining({
          asset: 'TON',
          kind: 'sent',
          amount: 2_000_000_000n,
          counterparty: chain.payerAddress.toString(),
          initiator: chain.merchantAddress.toString(),
          comment: 'R-REFUND-7',
          queryId: 0n,
        }),
      ],
    });
  });

  it('a USDT refund is Toncoin sent too: the TON attached for the store jetton wallet', async () => {
    const txs = await chain.sendFromMerchant({ amount: 1n, destination: chain.payerAddress });
    const { movements } = facts(txs);
    expect(movements.filter((m) => m.kind === 'sent')).toEqual([
      expect.objectContaining({ counterparty: chain.merchantJettonWallet.toString(), comment: null }),
    ]);
  });

  it('a send that comes back bounced is returned, with the comment prefix the bounce keeps', async () => {
    const txs = await chain.payToncoin({ amount: 1_000_000_000n, comment: 'R-REFUND-7', case: 'bounced' });
    expect(facts(txs)).toEqual({
      transfers: [],
      movements: [
        expect.objectContaining({
          kind: 'returned',
          amount: 1_000_000_000n,
          counterparty: chain.payerAddress.toString(),
          comment: 'R-REFUND-7',
        }),
      ],
    });
  });
});
