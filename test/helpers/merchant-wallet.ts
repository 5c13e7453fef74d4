import { Address, beginCell, Cell, external, internal, SendMode, storeMessage, storeStateInit } from '@ton/core';
import type { Page } from 'playwright';
import type { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';
import type { SandboxChain } from '../../server/sandbox/sandbox-chain';
import type { Wallet } from '../../server/sandbox/sandbox-identity';
import { injectWallet, type Answer, type Gate, type SentRequest } from '../e2e/checkout-wallet-injected';

/**
 * The store's own wallet as an injected TON Connect wallet for Chromium tests ("Send with my
 * wallet" on a refund): the sandbox merchant's v5r1 wallet, signing for real in the test process and
 * sending on the service's emulated chain, as checkout-wallet-injected.ts's PayerWallet does for
 * the customer.
 */
export class MerchantWallet {
  readonly requests: SentRequest[] = [];
  /** what the next requests get; 'sign' once the queue is empty */
  readonly answers: Answer[] = [];
  /** when set, the wallet answers only once it is released (the merchant still looking at the request) */
  beforeAnswer: Gate | null = null;
  /** when set, the signed message reaches the chain only once it is released (the network still busy) */
  beforeChain: Gate | null = null;
  /** the last signed message's way to the chain (awaited by a test that held it) */
  lastSend: Promise<unknown> = Promise.resolve();

  /** `wallet`: the store's by default; another v5r1 wallet plays a merchant who connected the wrong one */
  constructor(
    private readonly sandbox: SandboxChain,
    private readonly wallet: Wallet<WalletContractV5R1> = sandbox.wallets().merchant,
  ) {}

  get address(): Address {
    return this.wallet.contract.address;
  }

  /** What the wallet reports on connecting: its TON Connect ton_addr item. */
  account(network = '-3'): { address: string; network: string; publicKey: string; walletStateInit: string } {
    const { contract, keys } = this.wallet;
    return {
      address: contract.address.toRawString(),
      network,
      publicKey: keys.publicKey.toString('hex'),
      walletStateInit: beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64'),
    };
  }

  /** sendTransaction from the page: recorded, then refused (code 300) or signed and sent on the chain. */
  async handle(paramJson: string): Promise<{ result: string } | { error: { code: number; message: string } }> {
    const request = JSON.parse(paramJson) as SentRequest;
    this.requests.push(request);
    await this.beforeAnswer?.passed;
    if ((this.answers.shift() ?? 'sign') === 'reject') return { error: { code: 300, message: 'User declined' } };
    return { result: await this.signAndSend(request) };
  }

  private async signAndSend(request: SentRequest): Promise<string> {
    const { contract, keys } = this.wallet;
    const seqno = (await this.sandbox.source().runGetMethod(contract.address, 'seqno')).readNumber();
    const body = contract.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: request.valid_until,
      messages: request.messages.map((m) =>
        internal({
          to: m.address,
          value: BigInt(m.amount),
          bounce: Address.parseFriendly(m.address).isBounceable,
          ...(m.payload ? { body: Cell.fromBase64(m.payload) } : {}),
        }),
      ),
    });
    const message = external({ to: contract.address, body });
    this.lastSend = (this.beforeChain?.passed ?? Promise.resolve()).then(() => this.sandbox.sendExternal(message));
    if (!this.beforeChain) await this.lastSend;
    return beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64');
  }
}

/** Puts the merchant's wallet in the page as `window.tonkeeper.tonconnect`, through the checkout tests' own injection. */
export function injectMerchantWallet(page: Page, wallet: MerchantWallet, network = '-3'): Promise<void> {
  return injectWallet(page, wallet, { network });
}
