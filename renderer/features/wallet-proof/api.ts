import { get, post } from '../../api/client';
import { WalletProofPayloadSchema, WalletProofViewSchema, type WalletProofBody } from '../../../contract/wallet-proof';

export const walletProofApi = {
  get: () => get(WalletProofViewSchema, '/wallet-proof'),
  /** a one-time payload for the wallet to sign (ton_proof), valid 15 minutes */
  payload: () => post(WalletProofPayloadSchema, '/wallet-proof/payload'),
  prove: (body: WalletProofBody) => post(WalletProofViewSchema, '/wallet-proof', body),
};
