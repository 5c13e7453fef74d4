import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useModalDialog } from '../../hooks/useModalDialog';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectIsOwner } from '../staff/slice';
import { selectOpenDelivery, selectWebhooksActions } from './slice';
import { DeliveryStateBadge, LastResponse, redeliverLabel, useNow } from './DeliveryState';

/** Every attempt of one delivery, as sent and as answered. */
export function DeliveryDialog() {
  const open = useConsoleStore(selectOpenDelivery);
  const { showDelivery, redeliverDelivery } = useConsoleStore(useShallow(selectWebhooksActions));
  const isOwner = useConsoleStore(selectIsOwner);
  const now = useNow();
  const dialog = useModalDialog(open !== null, () => void showDelivery(null));
  // The dialog belongs to the screen that opened it. A screen left by the address (a link, Back)
  // is removed with its dialog still open, and no close event reaches it: without this, the next
  // screen with a delivery dialog would open the same delivery over itself.
  useEffect(() => () => void showDelivery(null), [showDelivery]);
  return (
    <dialog {...dialog} className="dialog" aria-labelledby="delivery-title">
      {open ? (
        <>
          <header className="dialog-head">
            <h2 id="delivery-title">
              {open.delivery.eventType} <DeliveryStateBadge delivery={open.delivery} now={now} />
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => void showDelivery(null)}
              aria-label="Close"
            >
              ×
            </button>
          </header>
          <p className="muted">
            To <code>{open.delivery.url}</code>
            {open.delivery.endpointId === null ? " (the payment's callback)" : ''} · event{' '}
            <code>{open.delivery.eventId}</code>
          </p>
          <dl className="facts" aria-live="polite">
            <dt>Attempts</dt>
            <dd>{open.delivery.attempts}</dd>
            <dt>Next attempt</dt>
            <dd>{open.delivery.nextAttemptAt ? formatDateTime(open.delivery.nextAttemptAt) : '—'}</dd>
            <dt>Last response</dt>
            <dd>
              <LastResponse delivery={open.delivery} />
            </dd>
          </dl>
          {isOwner ? (
            <div className="row-actions">
              <button
                type="button"
                className="btn"
                onClick={() => void redeliverDelivery(open.delivery.id).then(() => showDelivery(open.delivery.id))}
              >
                {redeliverLabel(open.delivery)}
              </button>
            </div>
          ) : null}
          {open.attempts.length === 0 ? <p className="muted">No attempt yet: it is queued.</p> : null}
          <ol className="attempts">
            {open.attempts.map((a) => (
              <li key={a.id} className="attempt">
                <p>
                  <strong>{a.responseStatus ?? 'no response'}</strong> · {a.durationMs} ms · {formatDateTime(a.at)}
                  {a.error ? <span className="error-text"> · {a.error}</span> : null}
                </p>
                <details>
                  <summary>Request</summary>
                  <pre>
                    {Object.entries(a.requestHeaders)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n')}
                    {'\n\n'}
                    {a.requestBody}
                  </pre>
                </details>
                <details open={a.responseBody !== null && a.responseBody !== ''}>
                  <summary>Response body</summary>
                  <pre>{a.responseBody || '(empty)'}</pre>
                </details>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </dialog>
  );
}
