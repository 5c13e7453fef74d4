import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { beginCell, Cell, loadTransaction, type Transaction } from '@ton/core';
import { commentCell, storeForwardPayload } from '../../server/sandbox/jetton-messages';
import {
  parseInboundJettonTransfer,
  parseTransferNotification,
  readForwardComment,
} from '../../server/chain/parse-transfer';
import { BitCursor } from '../../server/chain/bit-cursor';

const payload = (build: (b: ReturnType<typeof beginCell>) => unknown) => {
  const b = beginCell();
  build(b);
  return new BitCursor(b.endCell());
};

describe('readForwardComment', () => {
  it('reads inline and ref comments, including long snake text', () => {
    const long = 'ü'.repeat(150) + '-INV-42';
    for (const text of ['INV-1', '', long]) {
      expect(readForwardComment(payload((b) => storeForwardPayload(b, text, false)))).toBe(text);
      expect(readForwardComment(payload((b) => storeForwardPayload(b, text, true)))).toBe(text);
    }
  });

  it('returns null for anything that is not a text comment', () => {
    const cases = [
      payload(() => undefined), // no Either bit at all
      payload((b) => b.storeBit(0)), // inline, empty
      payload((b) => b.storeBit(1)), // ref flag without a ref
      payload((b) => b.storeBit(0).storeUint(0, 16)), // too short for an op
      payload((b) => b.storeBit(1).storeRef(beginCell().storeUint(0x25938561, 32).endCell())), // DEX call
      payload((b) => b.storeBit(0).storeUint(0, 32).storeUint(1, 7)), // not whole bytes
      payload((b) =>
        b
          .storeBit(0)
          .storeUint(0, 32)
          .storeBuffer(Buffer.from([0xff, 1, 2])),
      ), // binary comment
      payload((b) =>
        b
          .storeBit(0)
          .storeUint(0, 32)
          .storeBuffer(Buffer.from([0xc3, 0x28])),
      ), // bad UTF-8
      payload((b) => b.storeBit(1).storeRef(commentCell('a')).storeRef(commentCell('b'))), // two refs
    ];
    for (const s of cases) expect(readForwardComment(s)).toBeNull();
  });
});

describe('parsers on garbage', () => {
  const fixtures: { boc: string }[] = JSON.parse(
    readFileSync(new URL('../fixtures/real-usdt-transactions.json', import.meta.url), 'utf8'),
  );
  const withBody = (tx: Transaction, body: Cell): Transaction => ({ ...tx, inMessage: { ...tx.inMessage!, body } });
  const bodies = [
    new Cell(),
    beginCell().storeUint(0x178d4519, 32).endCell(),
    beginCell().storeUint(0x7362d09c, 32).storeUint(1, 64).endCell(),
    beginCell().storeUint(0x178d4519, 32).storeUint(1, 64).storeCoins(5).storeUint(3, 2).endCell(),
  ];

  it('never throws and returns null for truncated bodies', () => {
    for (const f of fixtures) {
      const tx = loadTransaction(Cell.fromBase64(f.boc).beginParse());
      for (const body of bodies) {
        expect(parseInboundJettonTransfer(withBody(tx, body), 'USDT')).toBeNull();
        expect(parseTransferNotification(withBody(tx, body))).toBeNull();
      }
    }
  });
});
