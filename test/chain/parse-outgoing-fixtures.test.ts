import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Address, Cell, loadTransaction, type Transaction } from '@ton/core';
import {
  parseInboundJettonTransfer,
  parseOutgoingJettonTransfer,
  parseReturnedJettonTransfer,
  parseTransferNotification,
} from '../../server/chain/parse-transfer';

interface OutgoingFixture {
  account: string;
  owner: string;
  lt: string;
  hash_hex: string;
  amount_base_units: string;
  destination: string;
  boc: string;
}

const load = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as Array<{ boc: string }>;
const outgoing = load('real-usdt-outgoing-transfers.json') as OutgoingFixture[];
const inbound = load('real-usdt-transactions.json');
const txOf = (e: { boc: string }): Transaction => loadTransaction(Cell.fromBase64(e.boc).beginParse());
const named = (e: OutgoingFixture) => ({ ...e, name: e.hash_hex.slice(0, 8) });

/** Four real mainnet transactions in which an owner told its own USDT wallet to send (what a refund looks like). */
describe('real mainnet outgoing USDT transfers', () => {
  it.each(outgoing.map(named))('transfer $name: amount, recipient, initiator and position', (e) => {
    const tx = txOf(e);
    const parsed = parseOutgoingJettonTransfer(tx, 'USDT');
    expect(parsed).toMatchObject({
      txHash: e.hash_hex,
      lt: BigInt(e.lt),
      kind: 'sent',
      amount: BigInt(e.amount_base_units),
    });
    expect(Address.parse(parsed!.counterparty!).equals(Address.parse(e.destination))).toBe(true);
    expect(Address.parse(parsed!.initiator!).equals(Address.parse(e.owner))).toBe(true);
    expect(tx.address).toBe(BigInt(`0x${Address.parse(e.account).hash.toString('hex')}`));
  });

  it('an outgoing transfer is never read as money in, nor as money coming back', () => {
    for (const tx of outgoing.map(txOf)) {
      expect(parseInboundJettonTransfer(tx, 'USDT')).toBeNull();
      expect(parseTransferNotification(tx)).toBeNull();
      expect(parseReturnedJettonTransfer(tx, 'USDT')).toBeNull();
    }
  });

  it('no inbound fixture (credits, notifications, negative controls) is read as outgoing or returned', () => {
    for (const tx of inbound.map(txOf)) {
      expect(parseOutgoingJettonTransfer(tx, 'USDT')).toBeNull();
      expect(parseReturnedJettonTransfer(tx, 'USDT')).toBeNull();
    }
  });
});
