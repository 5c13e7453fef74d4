import { useShallow } from 'zustand/react/shallow';
import type { PublicRefund } from '../../../contract/refunds';
import { useConsoleStore } from '../../store';
import { selectRefundWallet, selectRefundWalletActions, type RefundWalletStep } from './slice';
import type { WalletChoice } from '../wallet-proof/wallet-connector';
import { WalletChoiceList, WalletConnecting } from '../wallet-proof/WalletChoices';
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

/** The list, those in this browser first, as Settings lists them. */
function WalletList({ wallets }: { wallets: readonly WalletChoice[] }) {
  const { chooseRefundWallet } = useConsoleStore(useShallow(selectRefundWalletActions));
  return (
    <WalletChoiceList
      wallets={wallets}
      holds="the store's wallet"
      onChoose={(wallet) => void chooseRefundWallet(wallet)}
      actions={<CancelOnly />}
    />
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
      return <WalletList wallets={state.wallets} />;
    case 'connecting':
      return <WalletConnecting walletName={state.walletName} link={state.link} actions={<CancelOnly />} />;
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
