import { formatDateTime } from '../../lib/format';
import type { WalletProofView } from '../../../contract/wallet-proof';
import { shortWalletAddress } from './slice';
import './wallet-proof.css';

/** "Receiving wallet UQAb…9xYz — proven <time> with TON Connect": only while payments go to the proven wallet. */
export function ProvenWalletLine({ view }: { view: WalletProofView | null }) {
  if (!view?.proven || !view.current) return null;
  const { address, provenAt, walletName } = view.proven;
  return (
    <p className="proven-wallet" data-testid="proven-wallet">
      Receiving wallet{' '}
      <code title={address} translate="no">
        {shortWalletAddress(address)}
      </code>{' '}
      — proven {formatDateTime(provenAt)} with TON Connect{walletName ? ` (${walletName})` : ''}
    </p>
  );
}
