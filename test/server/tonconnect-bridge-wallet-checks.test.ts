import { describe, expect, it } from 'vitest';
import { Address, toNano } from '@ton/core';
import {
  checkSendTransaction,
  describeMessages,
  WalletRequestError,
} from '../../server/sandbox/sandbox-tonconnect-wallet-requests';
import { parseConnectLink } from '../../server/sandbox/sandbox-tonconnect-wallet-link';
import { jettonTransferBody } from '../../server/sandbox/jetton-messages';

const payer = new Address(0, Buffer.alloc(32, 1));
const merchant = new Address(0, Buffer.alloc(32, 2));
const payerJettonWallet = new Address(0, Buffer.alloc(32, 3));
const NOW = 1_800_000_000;

const transfer = jettonTransferBody({
  queryId: 7n,
  amount: 12_340_000n,
  destination: merchant,
  responseDestination: payer,
  forwardTonAmount: 1n,
  comment: 'TT-MEMO42',
  commentInRef: true,
});

const request = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    valid_until: NOW + 300,
    network: '-3',
    from: payer.toRawString(),
    messages: [
      {
        address: payerJettonWallet.toString({ testOnly: true }),
        amount: toNano('0.05').toString(),
        payload: transfer.toBoc().toString('base64'),
      },
    ],
    ...overrides,
  });

const refusal = (param: string) => {
  try {
    checkSendTransaction(param, payer, NOW);
  } catch (err) {
    expect(err).toBeInstanceOf(WalletRequestError);
    return { code: (err as WalletRequestError).code, message: (err as Error).message };
  }
  throw new Error('accepted');
};

describe("the sandbox wallet's checks of a sendTransaction request", () => {
  it('decodes the jetton transfer a person approves: amount, destination, comment', () => {
    const [message] = describeMessages(checkSendTransaction(request(), payer, NOW));
    expect(message).toEqual({
      to: payerJettonWallet.toString({ testOnly: true }),
      ton: '0.05',
      jettonTransfer: {
        amount: '12.34',
        destination: merchant.toString({ testOnly: true }),
        responseDestination: payer.toString({ testOnly: true }),
        forwardTon: '0.000000001',
        comment: 'TT-MEMO42',
      },
    });
  });

  it('shows a plain TON transfer as one', () => {
    const param = request({ messages: [{ address: merchant.toRawString(), amount: '1500000000' }] });
    expect(describeMessages(checkSendTransaction(param, payer, NOW))[0]).toMatchObject({
      ton: '1.5',
      jettonTransfer: null,
    });
  });

  it('refuses a request for another network, saying which', () => {
    expect(refusal(request({ network: '-239' }))).toEqual({
      code: 1,
      message: expect.stringMatching(/^network: .*sandbox chain \(testnet, -3\).* -239$/),
    });
  });

  it('refuses a request from another wallet, an expired one, and malformed messages', () => {
    expect(refusal(request({ from: merchant.toRawString() })).message).toMatch(/^from: /);
    expect(refusal(request({ valid_until: NOW - 1 })).message).toMatch(/^valid_until: .*expired/);
    expect(refusal(request({ messages: [] })).message).toMatch(/^messages: /);
    expect(refusal(request({ messages: [{ address: 'nope', amount: '1' }] })).message).toMatch(
      /^messages\[0\]\.address: /,
    );
    expect(refusal(request({ messages: [{ address: merchant.toRawString(), amount: '1.5' }] })).message).toMatch(
      /^messages\[0\]\.amount: /,
    );
    expect(
      refusal(request({ messages: [{ address: merchant.toRawString(), amount: '1', payload: 'not a boc' }] })).message,
    ).toMatch(/^messages\[0\]\.payload: /);
    expect(refusal('{').message).toMatch(/not JSON/);
  });

  it('signs the payload exactly as the app sent it', () => {
    const checked = checkSendTransaction(request(), payer, NOW);
    expect(checked.messages[0]!.body!.hash().equals(transfer.hash())).toBe(true);
  });

  it('reads a universal link and refuses a bad one naming the parameter', () => {
    const id = 'ab'.repeat(32);
    const r = JSON.stringify({
      manifestUrl: 'http://127.0.0.1:8787/tonconnect-manifest.json',
      items: [{ name: 'ton_addr' }, { name: 'ton_proof', payload: 'p1' }],
    });
    expect(parseConnectLink({ v: '2', id, r })).toEqual({
      appClientId: id,
      request: {
        manifestUrl: 'http://127.0.0.1:8787/tonconnect-manifest.json',
        items: [{ name: 'ton_addr' }, { name: 'ton_proof', payload: 'p1' }],
      },
    });
    const fieldOf = (query: { v?: string; id?: string; r?: string }) => {
      try {
        parseConnectLink(query);
      } catch (err) {
        return (err as { field?: string }).field;
      }
      return 'accepted';
    };
    expect(fieldOf({ v: '1', id, r })).toBe('v');
    expect(fieldOf({ v: '2', id: 'zz', r })).toBe('id');
    expect(fieldOf({ v: '2', id, r: '{' })).toBe('r');
    expect(fieldOf({ v: '2', id, r: JSON.stringify({ manifestUrl: 'javascript:alert(1)', items: [] }) })).toBe('r');
    expect(fieldOf({ v: '2', id, r: JSON.stringify({ manifestUrl: 'http://x/m.json', items: [] }) })).toBe('r');
  });
});
