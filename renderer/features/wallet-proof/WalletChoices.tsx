import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { QrCode } from '../../components/QrCode';
import type { WalletChoice } from './wallet-connector';

/**
 * The wallets to choose from, by name only (no remote icons), those in this browser first: the
 * same list for Settings → Connect your wallet and a refund's Send with my wallet.
 */
export function WalletChoiceList(props: {
  wallets: readonly WalletChoice[];
  /** what the chosen wallet must hold, as the sentence before the list says it */
  holds: string;
  onChoose: (wallet: WalletChoice) => void;
  actions: ReactNode;
}) {
  return (
    <>
      <p className="muted small">Choose the wallet app that holds {props.holds}:</p>
      <ul className="wallet-choices" aria-label="Wallets">
        {props.wallets.map((wallet) => (
          <li key={wallet.appName}>
            <button type="button" className="btn" onClick={() => props.onChoose(wallet)}>
              {wallet.name}
              {wallet.injected ? <span className="muted small"> · in this browser</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {props.actions}
    </>
  );
}

/** A wallet connecting: a remote one through its universal link (a QR for the phone, or the link here), an injected one in place. */
export function WalletConnecting(props: { walletName: string; link: string | null; actions: ReactNode }) {
  const { walletName, link } = props;
  return (
    <div role="status">
      {link ? (
        <>
          <p>Scan with {walletName} on your phone, or open the link on this device:</p>
          <QrCode value={link} size={200} label={`Connect ${walletName}`} />
          <p className="row-actions">
            <a className="btn btn-small" href={link} rel="noreferrer">
              Open {walletName}
            </a>
            <CopyButton text={link} />
          </p>
        </>
      ) : (
        <p>Approve the connection in {walletName}…</p>
      )}
      {props.actions}
    </div>
  );
}
