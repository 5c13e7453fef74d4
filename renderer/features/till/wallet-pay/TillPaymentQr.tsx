import { useEffect, type CSSProperties } from 'react';
import { ASSETS } from '../../../../contract/asset';
import { useShallow } from 'zustand/react/shallow';
import type { PublicPayment as Payment } from '../../../../contract/payments';
import type { TillWalletSession } from '../../../../contract/till-wallet';
import { QrCode } from '../../../components/QrCode';
import { shortHash } from '../../../lib/format';
import { getConsoleState, useConsoleStore } from '../../../store';
import { selectTillWallet, selectTillWalletActions, selectTillWalletWaiting, type TillWalletPay } from './slice';
import './wallet-pay.css';

/** How often the sheet reads the session while the wallet has still to act. */
const POLL_MS = 1000;
/** .till-qr's padding on both sides: the panel that stands in for the QR takes the same room */
const QR_PADDING = 28;

const TRY_AGAIN = 'Try again';
/** a session that is gone (the service restarted) is started afresh, not retried */
const START_AGAIN = 'Start again';

/** The session's state in the till's words; `retry` names the button that starts it again, if the cashier can. */
function describe(sheet: TillWalletPay): { text: string; retry: string | null } {
  const { session, error } = sheet;
  if (error) return { text: error, retry: sheet.ended ? START_AGAIN : TRY_AGAIN };
  if (!session) return { text: 'Starting…', retry: null };
  switch (session.state) {
    case 'waiting_for_wallet':
      return { text: 'Scan with a TON wallet', retry: null };
    case 'connected':
      return { text: 'Preparing the payment for the wallet…', retry: null };
    case 'awaiting_approval':
      return { text: 'Waiting for approval in the wallet', retry: null };
    case 'approved':
      return { text: 'Approved — waiting for the network', retry: null };
    case 'refused':
      return { text: 'Declined in the wallet', retry: TRY_AGAIN };
    case 'timed_out':
      return { text: 'The wallet did not answer in time', retry: TRY_AGAIN };
    case 'expired':
      return { text: 'The payment expired, so the wallet was let go', retry: null };
    case 'ended':
      return { text: 'The service restarted, which ended the wallet session', retry: START_AGAIN };
    case 'failed':
      return { text: session.reason ?? 'The wallet could not pay', retry: TRY_AGAIN };
  }
}

const connectedLine = (wallet: TillWalletSession['wallet']): string | null =>
  wallet ? `Connected: ${wallet.name} (${shortHash(wallet.address)})` : null;

/** The sheet: the TON Connect QR (and its link) while no wallet is connected, then what the wallet does. */
function WalletSheet({ invoice, sheet, size }: { invoice: Payment; sheet: TillWalletPay; size: number }) {
  const { openTillWallet, closeTillWallet } = useConsoleStore(useShallow(selectTillWalletActions));
  const { session } = sheet;
  const { text, retry } = describe(sheet);
  const scanning = session?.state === 'waiting_for_wallet';
  // an expired payment's wallet was let go; a session the restart ended had none any more
  const letGo = session?.state === 'expired' || session?.state === 'ended';
  const connected = letGo ? null : connectedLine(session?.wallet ?? null);
  return (
    <div className="till-wallet-area till-wallet-open" data-testid="till-wallet">
      {scanning ? (
        <div className="till-qr">
          <QrCode value={session.link} size={size} label="TON Connect QR code: scan it with a TON wallet" />
        </div>
      ) : (
        // where the QR was, so the screen does not jump as the wallet connects
        <div className="till-wallet-panel" style={{ '--till-qr-side': `${size + QR_PADDING}px` } as CSSProperties}>
          {connected ? (
            <p className="till-wallet-connected" data-testid="till-wallet-connected">
              {connected}
            </p>
          ) : letGo || sheet.error ? (
            <p className="till-wallet-connected till-wallet-none">No wallet is connected</p>
          ) : null}
        </div>
      )}
      <p className="till-wallet-state" role="status" aria-live="polite" data-testid="till-wallet-state">
        {text}
      </p>
      <div className="till-wallet-actions">
        {scanning ? (
          <a
            className="btn btn-ghost"
            href={session.link}
            target="_blank"
            rel="noreferrer"
            data-testid="till-wallet-link"
          >
            Open in a wallet on this device
          </a>
        ) : null}
        {retry ? (
          <button type="button" className="btn btn-primary" onClick={() => void openTillWallet(invoice.id)}>
            {retry}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={() => void closeTillWallet()}>
          Show the payment QR instead
        </button>
      </div>
    </div>
  );
}

/**
 * The till's QR: the plain `ton://` payment QR with "Pay with wallet" under it, or, once tapped, the
 * TON Connect sheet (the service holds the session). The plain QR stays one tap away.
 */
export function TillPaymentQr({ invoice, size }: { invoice: Payment; size: number }) {
  const sheet = useConsoleStore(selectTillWallet);
  const waiting = useConsoleStore(selectTillWalletWaiting);
  const { openTillWallet, refreshTillWallet } = useConsoleStore(useShallow(selectTillWalletActions));
  const open = sheet?.paymentId === invoice.id ? sheet : null;
  const polling = open !== null && waiting;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void refreshTillWallet(), POLL_MS);
    return () => clearInterval(timer);
  }, [polling, refreshTillWallet]);
  // the payment screen goes (paid, cancelled, a new sale): its wallet session ends with it
  useEffect(
    () => () => {
      if (getConsoleState().tillWallet?.paymentId === invoice.id) void getConsoleState().closeTillWallet();
    },
    [invoice.id],
  );
  if (open) return <WalletSheet invoice={invoice} sheet={open} size={size} />;
  return (
    <div className="till-wallet-area">
      <div className="till-qr">
        <QrCode
          value={invoice.links.ton}
          size={size}
          label={`QR code to pay ${invoice.dueAmount} ${ASSETS[invoice.currency].symbol}`}
        />
      </div>
      <button type="button" className="btn till-wallet-start" onClick={() => void openTillWallet(invoice.id)}>
        Pay with wallet
      </button>
    </div>
  );
}
