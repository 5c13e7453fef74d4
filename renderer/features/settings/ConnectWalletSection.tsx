import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { ProvenWalletLine } from '../wallet-proof/ProvenWalletLine';
import { WalletChoiceList, WalletConnecting } from '../wallet-proof/WalletChoices';
import {
  selectWalletConnect,
  selectWalletProof,
  selectWalletProofActions,
  type WalletConnectStep,
} from '../wallet-proof/slice';

/** The step of connecting a wallet: its list, its QR, or what went wrong. */
function ConnectStep({ state }: { state: WalletConnectStep }) {
  const { openWalletChoices, chooseWallet, cancelWalletConnect } = useConsoleStore(
    useShallow(selectWalletProofActions),
  );
  const cancel = (
    <button type="button" className="btn btn-small" onClick={() => void cancelWalletConnect()}>
      Cancel
    </button>
  );
  switch (state.step) {
    case 'idle':
      return (
        <div className="row-actions">
          <button type="button" className="btn btn-primary" onClick={() => void openWalletChoices()}>
            Connect a wallet
          </button>
        </div>
      );
    case 'loading':
      return <p className="muted">Loading the wallets…</p>;
    case 'choose':
      return (
        <WalletChoiceList
          wallets={state.wallets}
          holds="the store’s money"
          onChoose={(wallet) => void chooseWallet(wallet)}
          actions={<div className="row-actions">{cancel}</div>}
        />
      );
    case 'connecting':
      return (
        <WalletConnecting
          walletName={state.walletName}
          link={state.link}
          actions={<div className="row-actions">{cancel}</div>}
        />
      );
    case 'verifying':
      return <p role="status">Checking the wallet&rsquo;s proof…</p>;
    case 'failed':
      return (
        <div className="callout callout-warn" role="alert">
          <p>{state.message}</p>
          <div className="row-actions">
            <button type="button" className="btn btn-small" onClick={() => void openWalletChoices()}>
              Try again
            </button>
            {cancel}
          </div>
        </div>
      );
  }
}

/**
 * Settings → Connect your wallet: the receiving wallet set by connecting it with TON Connect and a
 * signed proof (ton_proof) the service verifies, so the address is one the merchant controls.
 */
export function ConnectWalletSection() {
  const view = useConsoleStore(selectWalletProof);
  const state = useConsoleStore(selectWalletConnect);
  const { loadWalletProof } = useConsoleStore(useShallow(selectWalletProofActions));
  useEffect(() => {
    void loadWalletProof();
  }, [loadWalletProof]);
  return (
    <section className="card" aria-labelledby="connect-wallet-title" data-testid="connect-wallet">
      <h2 id="connect-wallet-title">Connect your wallet</h2>
      <p className="muted small">
        Set the receiving wallet by connecting it: the wallet signs a one-time proof, so the address is one you control
        — no typo, no jetton wallet address.
      </p>
      <ProvenWalletLine view={view} />
      {view && !view.current ? (
        <p className="small">
          Payments go to{' '}
          <code className="wrap" translate="no">
            {view.receivingAddress || '—'}
          </code>
          {view.proven ? ', not to the wallet proven earlier' : ', not yet proven with a wallet'}.
        </p>
      ) : null}
      <ConnectStep state={state} />
    </section>
  );
}
