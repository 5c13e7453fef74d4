import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import { actorOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import { walletPublicKey } from '../chain/account-checks';
import { friendlyAddress, isTonAddress, rawAddress, sameAddress } from '../chain/transfer-messages';
import { readProvenWallet, recordProvenWallet, type ProvenWalletRecord } from '../settings/proven-wallet';
import { ProofPayloads } from '../wallet-connect/wallet-proof-payloads';
import { verifyTonProof } from '../chain/ton-proof';
import { merchantWalletProblem } from './merchant-wallet-check';
import { readConfigFile, writeConfigFile } from './settings-file';
import {
  WalletProofBodySchema,
  WalletProofPayloadSchema,
  WalletProofViewSchema,
  type WalletProofBody,
  type WalletProofView,
} from '../../contract/wallet-proof';
import type { ChainMode } from '../../contract/chain';
import { TON_CONNECT_NETWORKS } from '../../contract/wallet-connect';

const TAGS = ['Console: settings'];
/** The network a wallet reports (TON Connect's CHAIN) for each mode; the sandbox's wallets are testnet-like. */
const [MAINNET, TESTNET] = TON_CONNECT_NETWORKS;
const NETWORKS: Record<ChainMode, string[]> = { mainnet: [MAINNET], testnet: [TESTNET], sandbox: [TESTNET, MAINNET] };

const friendly = (address: string, mode: ChainMode) =>
  friendlyAddress(address, { bounceable: false, testOnly: mode !== 'mainnet' });

const invalid = (field: string, message: string) => new AppError(400, ErrorCode.validation, message, field);

/** Settings → Connect your wallet: the receiving wallet set from a TON Connect connection with ton_proof. */
export async function walletProofRoutes(app: FastifyInstance): Promise<void> {
  const { config, settings, clock } = app.services;
  const payloads = new ProofPayloads(clock);

  const runningChain = async () => {
    if (!app.runtime) throw invalid('chain', 'this service runs no chain to prove a wallet on');
    const runtime = await app.runtime.ready();
    return { info: app.runtime.info, source: runtime.chain.source };
  };

  const view = async (): Promise<WalletProofView> => {
    const mode = app.runtime?.info.mode ?? config.chain.mode;
    const receiving = app.runtime?.info.merchantAddress ?? config.chain.merchantAddress ?? '';
    const proven = await readProvenWallet(settings);
    const address = proven && isTonAddress(proven.address) ? proven.address : null;
    return {
      proven:
        proven && address
          ? {
              address: friendly(address, mode),
              provenAt: new Date(proven.provenAt).toISOString(),
              walletName: proven.walletName,
            }
          : null,
      receivingAddress: receiving,
      current: !!address && !!receiving && isTonAddress(receiving) && sameAddress(receiving, address),
    };
  };

  /** What can be refused before the proof is checked: the address, the network, a contract that is no wallet, the sandbox's one merchant. */
  const refusalBeforeProof = async (body: WalletProofBody, chain: Awaited<ReturnType<typeof runningChain>>) => {
    if (!isTonAddress(body.account.address)) throw invalid('account.address', 'account.address: is not a TON address');
    const address = rawAddress(body.account.address);
    const { mode } = chain.info;
    if (!NETWORKS[mode].includes(body.account.chain))
      throw invalid(
        'account.chain',
        `account.chain: the wallet is on ${body.account.chain === MAINNET ? 'mainnet' : `network ${body.account.chain}`}, but this store runs on ${mode}; switch the wallet to ${mode} and connect again`,
      );
    const problem = await merchantWalletProblem(chain.source, {
      address: body.account.address,
      usdtMaster: chain.info.jettonMaster,
      testOnly: mode !== 'mainnet',
    });
    if (problem) throw invalid('account.address', `account.address: ${problem.message}`);
    if (mode === 'sandbox' && !sameAddress(chain.info.merchantAddress, address))
      throw new AppError(
        409,
        ErrorCode.validation,
        `account.address: in sandbox mode the receiving wallet can only be the sandbox merchant ${chain.info.merchantAddress} (the sandbox chain knows no other wallet); connect the sandbox wallet as the merchant`,
        'account.address',
      );
    return address;
  };

  /**
   * On testnet and mainnet the proven wallet replaces the configured one, live: config.json takes it
   * (so the next start keeps it) and the chain and its watcher restart in place on it. If the chain
   * cannot open with it (its USDT wallet cannot be resolved), nothing changes.
   */
  const makeReceivingWallet = async (address: string, mode: ChainMode) => {
    const merchantAddress = friendly(address, mode);
    if (mode === 'sandbox' || !app.runtime) return;
    if (sameAddress(app.runtime.info.merchantAddress, address)) return;
    const next: Config = { ...config, chain: { ...config.chain, merchantAddress } };
    try {
      await app.runtime.restart(next);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw invalid(
        'account.address',
        `account.address: the watcher could not start on this wallet (${reason}); payments still go to the previous one`,
      );
    }
    const file = readConfigFile(config.dataDir);
    const chain = file.chain && typeof file.chain === 'object' ? (file.chain as Record<string, unknown>) : {};
    writeConfigFile(config.dataDir, { ...file, chain: { ...chain, mode, merchantAddress } });
  };

  addRoute(app, {
    method: 'POST',
    url: '/wallet-proof/payload',
    operationId: 'createWalletProofPayload',
    tags: TAGS,
    auth: 'console',
    summary:
      'A one-time ton_proof payload (32 random bytes, hex) for connecting the receiving wallet; expires in 15 minutes',
    responses: { 200: { description: 'The payload to request ton_proof with', schema: WalletProofPayloadSchema } },
    handler: () => {
      const issued = payloads.issue();
      return { payload: issued.payload, expiresAt: new Date(issued.expiresAt).toISOString() };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wallet-proof',
    operationId: 'getProvenWallet',
    tags: TAGS,
    auth: 'console',
    summary: 'The receiving wallet proven with TON Connect, when, and whether payments go to it now',
    responses: { 200: { description: 'The proven wallet, or null', schema: WalletProofViewSchema } },
    handler: view,
  });

  addRoute(app, {
    method: 'POST',
    url: '/wallet-proof',
    operationId: 'proveReceivingWallet',
    tags: TAGS,
    auth: 'console',
    summary:
      "Set the receiving wallet from a TON Connect connection: the ton_proof is verified (signature against the wallet's key, domain, 15-minute window, one-time payload)",
    body: WalletProofBodySchema,
    responses: {
      200: { description: 'The proven wallet, now the receiving wallet', schema: WalletProofViewSchema },
      409: {
        description: 'VALIDATION_ERROR: in sandbox mode, a wallet other than the sandbox merchant',
        schema: ErrorSchema,
      },
      ...errors(400),
    },
    handler: async ({ body }, request) => {
      const chain = await runningChain();
      await refusalBeforeProof(body, chain);
      const result = await verifyTonProof(body, {
        domain: new URL(app.services.publicUrl()).host,
        now: clock.now(),
        payloadStatus: (payload) => payloads.status(payload),
        takePayload: (payload) => payloads.take(payload),
        deployedPublicKey: (address) => walletPublicKey(chain.source, address.toRawString()),
      });
      if (!result.ok) throw invalid(result.field, result.message);
      const proven = result.address.toRawString();
      await makeReceivingWallet(proven, chain.info.mode);
      const record: ProvenWalletRecord = {
        address: proven,
        provenAt: clock.now(),
        publicKey: result.publicKey.toString('hex'),
        walletName: body.walletName ?? null,
      };
      await recordProvenWallet(settings, record, actorOf(request));
      return view();
    },
  });
}
