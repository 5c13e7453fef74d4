import { z } from 'zod';

/**
 * TON Connect 2 (issue 30): the shapes the checkout, the till and the console exchange with the
 * service when a customer's or the merchant's wallet is asked to sign a transfer that is already
 * complete, so nobody types an address, an amount or a comment.
 */

/** TON Connect's network ids (CHAIN in @tonconnect/protocol): mainnet -239, testnet -3. */
export const TON_CONNECT_NETWORKS = ['-239', '-3'] as const;
export type TonConnectNetwork = (typeof TON_CONNECT_NETWORKS)[number];

/** POST /pay/:paymentId/wallet-request: who will pay, as the wallet reported it on connecting. */
export const WalletTransferRequestBodySchema = z
  .object({
    payer: z.string().min(1).max(100).meta({ description: "The connected wallet's address (raw or user-friendly)" }),
    network: z.enum(TON_CONNECT_NETWORKS).meta({ description: 'The network the connected wallet reported' }),
  })
  .meta({ id: 'WalletTransferRequestBody' });
export type WalletTransferRequestBody = z.infer<typeof WalletTransferRequestBodySchema>;

/** One message of a TON Connect sendTransaction request, exactly as the wallet receives it. */
export const WalletMessageSchema = z.object({
  address: z.string().meta({ description: 'User-friendly, bounceable address the message goes to' }),
  amount: z.string().meta({ description: 'Nanotons attached, a decimal string' }),
  payload: z.string().optional().meta({ description: 'The message body, a base64 BOC' }),
});
export type WalletMessage = z.infer<typeof WalletMessageSchema>;

/**
 * The complete sendTransaction request for what is still due: for USDT one message to the payer's
 * own USDT jetton wallet carrying a jetton transfer (0x0f8a7ea5) with the memo as the comment.
 * Exactly the SDK's SendTransactionRequest and nothing more: @tonconnect/sdk refuses a request with
 * any other key ("Request contains extra properties"), so the checkout passes it on as it came.
 * What it pays is the checkout view's dueAmount at the time of the request.
 */
export const WalletTransferRequestSchema = z
  .object({
    validUntil: z.number().int().meta({ description: 'Unix seconds; at most 5 minutes ahead and never past expiry' }),
    network: z.enum(TON_CONNECT_NETWORKS),
    from: z.string().meta({ description: "The payer's address, raw form, so a different wallet refuses" }),
    messages: z.array(WalletMessageSchema).min(1).max(4),
  })
  .meta({ id: 'WalletTransferRequest' });
export type WalletTransferRequest = z.infer<typeof WalletTransferRequestSchema>;

/**
 * GET /tonconnect-manifest.json: what a wallet shows of the store before it connects (the TON
 * Connect app manifest: https://docs.ton.org/ecosystem/ton-connect/manifest).
 */
export const TonConnectManifestSchema = z
  .object({
    url: z.string().meta({ description: "The service's public address, no trailing slash" }),
    name: z.string().meta({ description: "The store's name from Settings, or TonTill" }),
    iconUrl: z.string().meta({ description: "Absolute URL of a PNG: the store's logo, or TonTill's 180×180 icon" }),
  })
  .meta({ id: 'TonConnectManifest' });
export type TonConnectManifest = z.infer<typeof TonConnectManifestSchema>;
