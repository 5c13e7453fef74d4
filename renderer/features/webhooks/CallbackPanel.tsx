import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { selectCallbackSecret, selectWebhooksActions } from './slice';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { RouteLink } from '../../components/RouteLink';
import { CopyButton } from '../../components/CopyButton';

/** A payment's callbackUrl and the store-wide secret that signs it: hidden until revealed. */
export function CallbackPanel({ callbackUrl }: { callbackUrl: string | null }) {
  const secret = useConsoleStore(selectCallbackSecret);
  const { revealCallbackSecret, hideCallbackSecret, rotateCallbackSecret } = useConsoleStore(
    useShallow(selectWebhooksActions),
  );
  // a secret revealed on one payment is hidden again on the next
  useEffect(() => hideCallbackSecret, [hideCallbackSecret]);
  return (
    <section className="card" aria-labelledby="callback-title">
      <h2 id="callback-title">Callback</h2>
      {callbackUrl ? (
        <dl className="facts">
          <dt>URL</dt>
          <dd>
            <code className="wrap" data-testid="callback-url">
              {callbackUrl}
            </code>
          </dd>
          <dt>Signing secret</dt>
          <dd className="secret-row">
            <code className="wrap" data-testid="callback-secret" aria-live="polite">
              {secret ? secret.secret : '••••••••••••••••'}
            </code>
            {secret ? (
              <button type="button" className="btn btn-small" onClick={hideCallbackSecret}>
                Hide
              </button>
            ) : (
              <button type="button" className="btn btn-small" onClick={() => void revealCallbackSecret()}>
                Reveal
              </button>
            )}
            {secret ? <CopyButton text={secret.secret} /> : null}
            <ConfirmButton
              label="Rotate"
              className="btn btn-small"
              title="Rotate the callback secret?"
              confirmLabel="Rotate secret"
              keepLabel="Keep current secret"
              danger
              onConfirm={() => void rotateCallbackSecret()}
            >
              <p>
                Every payment&apos;s callback is signed with the new secret from now on. For 24 hours each callback also
                carries a signature made with the old one, so your shop keeps verifying until you update it.
              </p>
            </ConfirmButton>
          </dd>
        </dl>
      ) : (
        <p className="muted">
          This payment has no callback URL: it is announced only to the store&apos;s{' '}
          <RouteLink to="webhooks" fallback="webhook endpoints">
            webhook endpoints
          </RouteLink>
          .
        </p>
      )}
      <p className="muted small">
        One secret signs every payment&apos;s callback (header <code>TonTill-Signature</code>, HMAC-SHA256 of{' '}
        <code>timestamp.body</code>), as endpoint secrets sign theirs. Its deliveries are listed below and under
        Webhooks as &quot;Per-payment callbacks&quot;.
      </p>
    </section>
  );
}
