import { z } from 'zod';

/**
 * Settings → Connect your wallet (issue 30): the store's receiving wallet set from a TON Connect
 * connection whose ton_proof the service verifies, so the address is one the merchant controls.
 */

/** POST /console/api/wallet-proof/payload: what the wallet must sign, once, before `expiresAt`. */
export const WalletProofPayloadSchema = z
  .object({
    payload: z.string().meta({ description: '32 random bytes, hex: the ton_proof request payload' }),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'WalletProofPayload' });
export type WalletProofPayload = z.infer<typeof WalletProofPayloadSchema>;

/** TON Connect's ton_proof reply (TonProofItemReplySuccess['proof']), as a wallet gives it. */
export const TonProofReplySchema = z
  .object({
    timestamp: z.number().int().nonnegative().meta({ description: 'Unix seconds when the wallet signed' }),
    domain: z.object({ lengthBytes: z.number().int().nonnegative(), value: z.string().max(253) }),
    signature: z.string().max(100).meta({ description: 'Ed25519 signature, base64' }),
    payload: z.string().max(128),
  })
  .meta({ id: 'TonProofReply' });
export type TonProofReply = z.infer<typeof TonProofReplySchema>;

/** POST /console/api/wallet-proof: the wallet's ton_addr and ton_proof replies, as TON Connect gives them. */
export const WalletProofBodySchema = z
  .object({
    account: z.object({
      address: z
        .string()
        .min(1)
        .max(100)
        .meta({ description: 'Raw form, 0:<64 hex digits>, as the wallet reports it' }),
      chain: z.string().max(10).meta({ description: "TON Connect's network id: -239 mainnet, -3 testnet" }),
      walletStateInit: z.string().max(8192).optional().meta({ description: "The wallet's state init, a base64 BOC" }),
      publicKey: z.string().max(64).optional().meta({ description: 'Hex, when the wallet gives it' }),
    }),
    proof: TonProofReplySchema,
    walletName: z.string().max(60).optional().meta({ description: 'The wallet app that connected, to show' }),
  })
  .meta({ id: 'WalletProofBody' });
export type WalletProofBody = z.infer<typeof WalletProofBodySchema>;

export const ProvenWalletSchema = z
  .object({
    address: z.string().meta({ description: 'User-friendly, non-bounceable, in the form of the running chain' }),
    provenAt: z.iso.datetime(),
    walletName: z.string().nullable(),
  })
  .meta({ id: 'ProvenWallet' });
export type ProvenWallet = z.infer<typeof ProvenWalletSchema>;

/** GET /console/api/wallet-proof: the proven wallet, and whether it is the one payments go to now. */
export const WalletProofViewSchema = z
  .object({
    proven: ProvenWalletSchema.nullable(),
    receivingAddress: z.string().meta({ description: 'Where payments go now (the running chain settings)' }),
    current: z.boolean().meta({ description: 'The proven wallet is the receiving wallet' }),
  })
  .meta({ id: 'WalletProofView' });
export type WalletProofView = z.infer<typeof WalletProofViewSchema>;
