import { useShallow } from 'zustand/react/shallow';
import type { PublicRefund } from '../../../contract/refunds';
import { formatAssetAmount } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { QrCode } from '../../components/QrCode';
import { selectChainMode } from '../dashboard/slice';
import { selectSendingRefundId, selectSimulatorActions } from '../simulator/slice';
import { RefundWalletSteps, SendWithWalletButton } from './SendWithWallet';

/**
 * Sandbox only: the sandbox wallet plays the store's wallet app and sends the refund exactly, by the
 * route `npm run simulate -- refund <id>` takes. On testnet and mainnet only a real wallet can.
 */
function SendFromSandbox({ refund }: { refund: PublicRefund }) {
  const mode = useConsoleStore(selectChainMode);
  const sendingId = useConsoleStore(selectSendingRefundId);
  const { sendRefundFromSandbox } = useConsoleStore(useShallow(selectSimulatorActions));
  if (mode !== 'sandbox') return null;
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={sendingId !== null}
      onClick={() => void sendRefundFromSandbox(refund.id)}
    >
      {sendingId === refund.id ? 'Sending…' : 'Send from the sandbox wallet'}
    </button>
  );
}

/**
 * A refund the wallet has still to send: its id, Send with my wallet (TON Connect), and its QR code
 * and link as the fallback, for the wallet app that owns the store's wallet.
 */
export function AwaitingRefund({ refund, onCancel }: { refund: PublicRefund; onCancel: () => void }) {
  return (
    <div className="refund-sign" data-testid="refund-awaiting">
      <QrCode
        value={refund.links.ton}
        size={200}
        label={`QR code to send the refund of ${formatAssetAmount(refund.amount, refund.asset)}`}
      />
      <div>
        <p className="refund-id">
          Refund <code data-testid="refund-id">{refund.id}</code> <CopyButton text={refund.id} label="Copy refund id" />
        </p>
        <p>
          Send it with the store's wallet connected here, or scan with the wallet app that owns it. It sends{' '}
          <strong>{formatAssetAmount(refund.amount, refund.asset)}</strong> to
        </p>
        <p>
          <code className="break">{refund.destination}</code>{' '}
          <CopyButton text={refund.destination} label="Copy address" />
        </p>
        <p>
          with the comment <code>{refund.memo}</code>. Send it exactly as shown: another amount or comment is not taken
          for this refund.
        </p>
        <p className="actions">
          <SendWithWalletButton refund={refund} />
          <SendFromSandbox refund={refund} />
          <a className="btn" href={refund.links.tonkeeper} target="_blank" rel="noopener noreferrer">
            Open in Tonkeeper
          </a>
          <ConfirmButton
            label="Cancel refund"
            className="btn btn-danger"
            title="Cancel this refund?"
            confirmLabel="Cancel refund"
            keepLabel="Keep refund"
            danger
            onConfirm={onCancel}
          >
            <p>Only if the wallet has not sent it: a refund sent after it was cancelled is no longer matched.</p>
          </ConfirmButton>
        </p>
        <RefundWalletSteps refund={refund} />
      </div>
    </div>
  );
}
