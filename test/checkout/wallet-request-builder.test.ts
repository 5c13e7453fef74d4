import { Address, beginCell, Cell, TupleReader } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jettonTransferBody } from '../../server/sandbox/jetton-messages';
import type { ChainSource } from '../../server/chain/types';
import {
  FORWARD_TON_AMOUNT,
  requestValidUntil,
  TON_CONNECT_NETWORK_OF,
  walletJettonTransferPayload,
} from '../../server/wallet-connect/jetton-transfer-request';
import { buildPaymentTransferRequest } from '../../server/wallet-connect/payment-transfer-request';
import { checkWalletNetwork, dueForWalletRequest } from '../../server/wallet-connect/wallet-request-checks';
import type { Payment } from '../../server/storage/records';
import { createTestApp, type TestApp } from '../helpers/test-app';

const merchant = Address.parse('0:' + '11'.repeat(32));
const payer = Address.parse('0:' + '22'.repeat(32));
const NOW = Date.UTC(2026, 10, 27, 20, 0, 0);

describe('the pieces of the wallet transfer request', () => {
  it('writes the jetton transfer exactly as the sandbox kit does with the comment in a ref (Tonkeeper)', () => {
    const mine = walletJettonTransferPayload({
      queryId: 77n,
      amount: 6_000_000n,
      merchant: merchant.toRawString(),
      payer: payer.toRawString(),
      memo: 'TT-8K2M4Q',
    });
    const sandboxKit = jettonTransferBody({
      queryId: 77n,
      amount: 6_000_000n,
      destination: merchant,
      responseDestination: payer,
      forwardTonAmount: FORWARD_TON_AMOUNT,
      comment: 'TT-8K2M4Q',
      commentInRef: true,
    });
    expect(Cell.fromBase64(mine).hash().toString('hex')).toBe(sandboxKit.hash().toString('hex'));
  });

  it('names mainnet and the jetton wallet the master gives, in its mainnet form, on a mainnet store', async () => {
    const master = Address.parse('0:' + '33'.repeat(32));
    const payerJettonWallet = Address.parse('0:' + '44'.repeat(32));
    const asked: string[] = [];
    const source: ChainSource = {
      mode: 'mainnet',
      getTransactions: async () => [],
      runGetMethod: async (account, method) => {
        asked.push(`${account.toRawString()} ${method}`);
        if (method !== 'get_wallet_address') throw new Error('exit_code: -13 (the wallet is not deployed yet)');
        return new TupleReader([{ type: 'slice', cell: beginCell().storeAddress(payerJettonWallet).endCell() }]);
      },
    };
    const req = await buildPaymentTransferRequest(async () => ({ source, jettonMaster: master.toString() }), {
      asset: 'USDT',
      transfer: {
        queryId: 1n,
        amount: 1_000_000n,
        merchant: merchant.toRawString(),
        payer: payer.toRawString(),
        memo: 'TT-MAIN',
      },
      network: '-239',
      nowMs: NOW,
      expiresAtMs: NOW + 3_600_000,
    });
    expect(asked[0]).toBe(`${master.toRawString()} get_wallet_address`);
    expect(req.network).toBe('-239');
    expect(req.messages[0]!.address).toBe(payerJettonWallet.toString({ bounceable: true, testOnly: false }));
    expect(Address.parseFriendly(req.messages[0]!.address).isTestOnly).toBe(false);
  });

  it('pays Toncoin straight to the merchant, asking the chain nothing, in its mainnet non-bounceable form', async () => {
    const req = await buildPaymentTransferRequest(
      () => Promise.reject(new Error('a native transfer must not ask the chain')),
      {
        asset: 'TON',
        transfer: {
          queryId: 1n,
          amount: 1_500_000_000n,
          merchant: merchant.toRawString(),
          payer: payer.toString(),
          memo: 'TT-GRAM',
        },
        network: '-239',
        nowMs: NOW,
        expiresAtMs: NOW + 3_600_000,
      },
    );
    expect(req.from).toBe(payer.toRawString());
    expect(req.messages).toEqual([
      {
        address: merchant.toString({ bounceable: false, testOnly: false }),
        amount: '1500000000',
        payload: beginCell().storeUint(0, 32).storeStringTail('TT-GRAM').endCell().toBoc().toString('base64'),
      },
    ]);
  });

  it('keeps a request five minutes at most, never past the expiry', () => {
    expect(requestValidUntil(NOW, NOW + 3_600_000)).toBe(NOW / 1000 + 300);
    expect(requestValidUntil(NOW, NOW + 90_000)).toBe(NOW / 1000 + 90);
  });

  it('names the networks as TON Connect does; the sandbox is testnet', () => {
    expect(TON_CONNECT_NETWORK_OF).toEqual({ mainnet: '-239', testnet: '-3', sandbox: '-3' });
    expect(() => checkWalletNetwork('-3', '-3')).not.toThrow();
    expect(() => checkWalletNetwork('-3', '-239')).toThrow(
      'This wallet is on testnet; this store takes payments on mainnet',
    );
  });

  it('asks for the rest of what is due, and nothing of a payment that cannot take it', () => {
    const payment = {
      status: 'partially_paid',
      amount: 10_000_000n,
      paidAmount: 2_500_000n,
      expiresAt: NOW + 60_000,
    } as Payment;
    expect(dueForWalletRequest(payment, NOW)).toBe(7_500_000n);
    expect(() => dueForWalletRequest(payment, NOW + 60_000)).toThrow('payment is expired');
    expect(() => dueForWalletRequest({ ...payment, status: 'paid' }, NOW)).toThrow('payment is paid');
    expect(() => dueForWalletRequest({ ...payment, paidAmount: 10_000_000n }, NOW)).toThrow('nothing is due');
  });
});

describe('the wallet request is rate-limited like the other checkout routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: { enabled: true, max: 3, keyMax: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 once the address has spent its budget', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/pay/pay_doesnotexist0000000000/wallet-request',
        payload: { payer: payer.toRawString(), network: '-3' },
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(404);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
