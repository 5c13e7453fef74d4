// The TON Connect sandbox wallet: it "opens" an app's universal link, connects through the loopback
// bridge as the sandbox's payer or merchant, holds the app's sendTransaction requests for approval,
// and signs the approved ones on the emulated chain. The bridge, the chain and the clock are handed in.
import type { Address } from '@ton/core';
import { Base64, hexToByteArray, SessionCrypto } from '@tonconnect/protocol';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../util/clock';
import type { SandboxChain } from './sandbox-chain';
import { deviceInfo, tonAddrItem, tonProofItem, type SigningAccount } from './sandbox-tonconnect-wallet-items';
import { parseConnectLink, type AppManifest, type ConnectLink } from './sandbox-tonconnect-wallet-link';
import {
  checkSendTransaction,
  describeMessages,
  signedExternal,
  WalletErrorCode,
  WalletRequestError,
  type CheckedRequest,
  type MessageView,
} from './sandbox-tonconnect-wallet-requests';

export { parseConnectLink, WalletRequestError, type AppManifest, type ConnectLink };

export type SandboxAccountName = 'payer' | 'merchant';

/** The bridge as a client sees it: the loopback bridge's own queues, in process. */
export interface WalletBridge {
  publish(from: string, to: string, message: string, ttlSeconds: number): unknown;
  subscribe(
    clientIds: readonly string[],
    lastEventId: bigint | null,
    listener: (m: { from: string; message: string }) => void,
  ): () => void;
}

export interface WalletChain {
  sandbox: SandboxChain;
  /** lets the watcher see what was just sent (the simulator's pollNow) */
  afterSend(): Promise<void>;
}

export interface PendingRequest {
  id: string;
  messages: MessageView[];
  validUntil: number | null;
  check: CheckedRequest;
}

export interface AnsweredRequest {
  id: string;
  outcome: 'sent' | 'rejected' | 'failed';
  /** what it would have sent, in a line ("9.50 USDT to …"); empty when the request could not be read */
  summary: string;
  detail: string;
}

/** One line per request for the session's history. */
function summaryOf(messages: readonly MessageView[]): string {
  return messages
    .map((m) =>
      m.jettonTransfer
        ? `${m.jettonTransfer.amount} USDT to ${m.jettonTransfer.destination}`
        : `${m.ton} TON to ${m.to}`,
    )
    .join('; ');
}

export interface WalletSession {
  id: string;
  account: SandboxAccountName;
  address: Address;
  app: AppManifest;
  pending: PendingRequest[];
  answered: AnsweredRequest[];
  connected: boolean;
}

interface SessionState extends WalletSession {
  crypto: SessionCrypto;
  appClientId: string;
  nextEventId: number;
  autoApprove: boolean;
  unsubscribe: () => void;
}

const TTL_SECONDS = 300;
/** Sessions kept at once; the oldest goes first. A loopback page can open as many as it likes. */
const MAX_SESSIONS = 100;
const MAX_PENDING = 10;
const MAX_ANSWERED = 20;

export class SandboxTonConnectWallet {
  private readonly sessions = new Map<string, SessionState>();
  /** one send at a time per account: each reads the wallet's seqno */
  private readonly sending = new Map<SandboxAccountName, Promise<unknown>>();

  constructor(
    private readonly bridge: WalletBridge,
    private readonly chain: () => Promise<WalletChain>,
    private readonly clock: Clock,
  ) {}

  /** Approves a connection: answers the app's ConnectRequest as `account` and listens for its requests. */
  async connect(
    link: ConnectLink,
    app: AppManifest,
    account: SandboxAccountName,
    options: { autoApprove?: boolean } = {},
  ): Promise<WalletSession> {
    const signer = await this.signer(account);
    const items: unknown[] = [tonAddrItem(signer)];
    const proofPayload = link.request.items.find((i) => i.name === 'ton_proof')?.payload;
    if (proofPayload !== undefined)
      items.push(tonProofItem(signer, new URL(app.url).host, proofPayload, this.nowSeconds()));
    const session = this.newSession(link, app, account, signer.address, options.autoApprove ?? false);
    this.send(session, { event: 'connect', id: session.nextEventId++, payload: { items, device: deviceInfo() } });
    return session;
  }

  /** The person declined: the app hears code 300 (user declined) from a one-off session key. */
  decline(link: ConnectLink): void {
    const crypto = new SessionCrypto();
    const answer = {
      event: 'connect_error',
      id: 1,
      payload: { code: WalletErrorCode.userDeclined, message: 'declined' },
    };
    this.publish(crypto, link.appClientId, answer);
  }

  session(id: string): WalletSession | null {
    return this.sessions.get(id) ?? null;
  }

  /** Signs and sends a pending request from the session's account; answers the app with the external message's BOC. */
  async approve(sessionId: string, requestId: string): Promise<AnsweredRequest> {
    const session = this.sessions.get(sessionId);
    const pending = session?.pending.find((p) => p.id === requestId);
    if (!session || !pending) throw new WalletRequestError(WalletErrorCode.unknown, 'no such request waits');
    session.pending = session.pending.filter((p) => p !== pending);
    try {
      if (pending.validUntil !== null && pending.validUntil < this.nowSeconds())
        throw new WalletRequestError(
          WalletErrorCode.badRequest,
          'valid_until: the request expired before it was approved',
        );
      const boc = await this.signAndSend(session.account, pending.check);
      this.send(session, { id: requestId, result: boc });
      return this.answered(session, {
        id: requestId,
        outcome: 'sent',
        summary: summaryOf(pending.messages),
        detail: boc,
      });
    } catch (err) {
      const code = err instanceof WalletRequestError ? err.code : WalletErrorCode.unknown;
      const message = err instanceof Error ? err.message : String(err);
      this.send(session, { id: requestId, error: { code, message } });
      return this.answered(session, {
        id: requestId,
        outcome: 'failed',
        summary: summaryOf(pending.messages),
        detail: message,
      });
    }
  }

  /** The person rejected it: the app hears code 300 (user declined). */
  reject(sessionId: string, requestId: string): AnsweredRequest {
    const session = this.sessions.get(sessionId);
    const pending = session?.pending.find((p) => p.id === requestId);
    if (!session || !pending) throw new WalletRequestError(WalletErrorCode.unknown, 'no such request waits');
    session.pending = session.pending.filter((p) => p !== pending);
    this.send(session, {
      id: requestId,
      error: { code: WalletErrorCode.userDeclined, message: 'rejected in the sandbox wallet' },
    });
    return this.answered(session, {
      id: requestId,
      outcome: 'rejected',
      summary: summaryOf(pending.messages),
      detail: 'rejected',
    });
  }

  /** The wallet ends the session: the app hears a disconnect event. */
  disconnect(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session?.connected) return;
    this.send(session, { event: 'disconnect', id: session.nextEventId++, payload: {} });
    this.close(session);
  }

  private newSession(
    link: ConnectLink,
    app: AppManifest,
    account: SandboxAccountName,
    address: Address,
    autoApprove: boolean,
  ): SessionState {
    if (this.sessions.size >= MAX_SESSIONS) this.forget(this.sessions.keys().next().value!);
    const crypto = new SessionCrypto();
    const session: SessionState = {
      id: randomBytes(16).toString('hex'),
      account,
      address,
      app,
      pending: [],
      answered: [],
      connected: true,
      crypto,
      appClientId: link.appClientId,
      nextEventId: 1,
      autoApprove,
      unsubscribe: () => undefined,
    };
    this.sessions.set(session.id, session);
    session.unsubscribe = this.bridge.subscribe([crypto.sessionId], null, (m) => this.receive(session, m));
    return session;
  }

  /** One message from the app: a request to hold for approval, a disconnect, or something it cannot do. */
  private receive(session: SessionState, m: { from: string; message: string }): void {
    if (m.from !== session.appClientId || !session.connected) return;
    let request: { method?: unknown; params?: unknown; id?: unknown };
    try {
      request = JSON.parse(session.crypto.decrypt(Base64.decode(m.message).toUint8Array(), hexToByteArray(m.from)));
    } catch {
      return; // not for this session's key: nothing to answer
    }
    const id = String(request.id);
    if (request.method === 'disconnect') {
      this.send(session, { id, result: {} });
      this.close(session);
    } else if (request.method === 'sendTransaction') this.hold(session, id, request.params);
    else
      this.send(session, {
        id,
        error: { code: WalletErrorCode.notSupported, message: 'the sandbox wallet only sends transactions' },
      });
  }

  private hold(session: SessionState, id: string, params: unknown): void {
    try {
      if (session.pending.length >= MAX_PENDING)
        throw new WalletRequestError(WalletErrorCode.badRequest, 'too many requests wait for approval');
      const param = Array.isArray(params) ? params[0] : undefined;
      const check = checkSendTransaction(param, session.address, this.nowSeconds());
      session.pending.push({ id, check, validUntil: check.validUntil, messages: describeMessages(check) });
    } catch (err) {
      const code = err instanceof WalletRequestError ? err.code : WalletErrorCode.badRequest;
      this.send(session, { id, error: { code, message: (err as Error).message } });
      this.answered(session, { id, outcome: 'failed', summary: '', detail: (err as Error).message });
      return;
    }
    if (session.autoApprove) void this.approve(session.id, id);
  }

  private async signAndSend(account: SandboxAccountName, request: CheckedRequest): Promise<string> {
    const run = async () => {
      const { sandbox, afterSend } = await this.chain();
      const { contract, keys } = sandbox.wallets()[account];
      const seqno = (await sandbox.source().runGetMethod(contract.address, 'seqno')).readNumber();
      const { message, boc } = await signedExternal(contract, keys.secretKey, seqno, request, this.nowSeconds());
      await sandbox.sendExternal(message);
      await afterSend();
      return boc;
    };
    const next = (this.sending.get(account) ?? Promise.resolve()).then(run, run);
    this.sending.set(
      account,
      next.catch(() => undefined),
    );
    return next;
  }

  private async signer(account: SandboxAccountName): Promise<SigningAccount> {
    const { sandbox } = await this.chain();
    const { contract, keys } = sandbox.wallets()[account];
    return { address: contract.address, keys, init: contract.init };
  }

  private answered(session: SessionState, answer: AnsweredRequest): AnsweredRequest {
    session.answered = [answer, ...session.answered].slice(0, MAX_ANSWERED);
    return answer;
  }

  private send(session: SessionState, message: object): void {
    this.publish(session.crypto, session.appClientId, message);
  }

  private publish(crypto: SessionCrypto, to: string, message: object): void {
    const sealed = crypto.encrypt(JSON.stringify(message), hexToByteArray(to));
    this.bridge.publish(crypto.sessionId, to, Base64.encode(sealed), TTL_SECONDS);
  }

  private close(session: SessionState): void {
    session.connected = false;
    session.unsubscribe();
  }

  private forget(id: string): void {
    const session = this.sessions.get(id);
    if (session) this.close(session);
    this.sessions.delete(id);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }
}
