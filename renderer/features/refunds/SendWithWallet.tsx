import { useShallow } from 'zustand/react/shallow';
import type { PublicRefund } from '../../../contract/refunds';
import { CopyButton } from '../../components/CopyButton';
import { QrCode } from '../../components/QrCode';
import { useConsoleStore } from '../../store';
import { selectRefundWallet, selectRefundWalletActions, type RefundWalletStep } from './slice';
import '../wallet-proof/wallet-proof.css';

/** Try again and Cancel, under what went wrong. */
function RetryOrCancel() {
  const { retryRefundWallet, closeRefundWallet } = useConsoleStore(useShallow(selectRefundWalletActions));
  return (
    <div className="row-actions">
      <button type="button" className="btn btn-small btn-primary" onClick={() => void retryRefundWallet()}>
        Try again
      </button>
      <button type="button" className="btn btn-small" onClick={() => void closeRefundWallet()}>
        Cancel
      </button>
    </div>
  );
}

function CancelOnly() {
  const { closeRefundWallet } = useConsoleStore(useShallow(selectRefundWalletActions));
  return (
    <div className="row-actions">
      <button type="button" className="btn btn-small" onClick={() => void closeRefundWallet()}>
        Cancel
      </button>
    </div>
  );
}

/** The list of wallets (those in this browser first, as Settings lists them), names only. */
function WalletList({ state }: { state: Extract<RefundWalletStep, { step: 'choose' }> }) {
  const { chooseRefundWallet } = useConsoleStore(useShallow(selectRefundWalletActions));
  return (
    <>
      <p className="muted small">Choose the wallet app that holds the store's wallet:</p>
      <ul className="wallet-choices" aria-label="Wallets">
        {state.wallets.map((wallet) => (
          <li key={wallet.appName}>
            <button type="button" className="btn" onClick={() => void chooseRefundWallet(wallet)}>
              {wallet.name}
              {wallet.injected ? <span className="muted small"> · in this browser</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <CancelOnly />
    </>
  );
}

/** A remote wallet connects through its universal link: a QR for the phone, or the link on this device. */
function Connecting({ state }: { state: Extract<RefundWalletStep, { step: 'connecting' }> }) {
  return (
    <div role="status">
      {state.link ? (
        <>
          <p>Scan with {state.walletName} on your phone, or open the link on this device:</p>
          <QrCode value={state.link} size={200} label={`Connect ${state.walletName}`} />
          <p className="row-actions">
            <a className="btn btn-small" href={state.link} rel="noreferrer">
              Open {state.walletName}
            </a>
            <CopyButton text={state.link} />
          </p>
        </>
      ) : (
        <p>Approve the connection in {state.walletName}…</p>
      )}
      <CancelOnly />
    </div>
  );
}

/** A step the wallet or the network has to finish: said in words, with a spinner. */
function Waiting({ text, cancellable = false }: { text: string; cancellable?: boolean }) {
  return (
    <div className="callout" role="status">
      <p>
        <span className="spinner" aria-hidden="true" /> <span>{text}</span>
      </p>
      {/* a wallet that never answers (a phone put away) must not hold the refund's page */}
      {cancellable ? <CancelOnly /> : null}
    </div>
  );
}

/** Each step in words. */
function WalletStep({ state }: { state: RefundWalletStep }) {
  switch (state.step) {
    case 'loading':
      return <p className="muted">Loading the wallets…</p>;
    case 'choose':
      return <WalletList state={state} />;
    case 'connecting':
      return <Connecting state={state} />;
    case 'confirm':
      return <Waiting text="Confirm in your wallet" cancellable />;
    case 'sent':
      return <Waiting text="Sent — waiting for the network" />;
    case 'declined':
      return (
        <div className="callout callout-warn" role="alert">
          <p>Declined in the wallet</p>
          <RetryOrCancel />
        </div>
      );
    case 'wrong-wallet':
      return (
        <div className="callout callout-warn" role="alert">
          <p>
            Connected wallet is not the store's wallet
            {state.storeWallet ? (
              <>
                : connect <code className="break">{state.storeWallet}</code>
              </>
            ) : null}
          </p>
          <RetryOrCancel />
        </div>
      );
    case 'failed':
      return (
        <div className="callout callout-warn" role="alert">
          <p>{state.message}</p>
          <RetryOrCancel />
        </div>
      );
  }
}

/**
 * Send with my wallet (TON Connect): the refund's transfer, memo included, goes to the merchant's
 * connected wallet for approval, so nothing is scanned or typed. The QR and the Tonkeeper link stay
 * beside it as the fallback. The button, while this refund is not being sent that way.
 */
export function SendWithWalletButton({ refund }: { refund: PublicRefund }) {
  const target = useConsoleStore(selectRefundWallet);
  const { openRefundWallet } = useConsoleStore(useShallow(selectRefundWalletActions));
  if (target?.refundId === refund.id) return null;
  return (
    <button type="button" className="btn btn-primary" onClick={() => void openRefundWallet(refund)}>
      Send with my wallet
    </button>
  );
}

/** Where sending this refund with the connected wallet stands, in words, once it has begun. */
export function RefundWalletSteps({ refund }: { refund: PublicRefund }) {
  const target = useConsoleStore(selectRefundWallet);
  if (target?.refundId !== refund.id) return null;
  return (
    <div className="refund-wallet" data-testid="refund-wallet">
      <WalletStep state={target.state} />
    </div>
  );
}
