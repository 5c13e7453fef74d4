import { useState } from 'react';
import type { DeliveryState, WebhookDeliveryView as Delivery } from '../../../contract/webhooks';
import { useInterval } from '../../hooks/useInterval';

/** Colour follows the state, and the words say it too: never colour alone. */
const TONE: Record<DeliveryState, string> = {
  delivered: 'paid',
  retrying: 'partially_paid',
  failed: 'expired',
  pending: 'pending',
};

/** "in 40 s", "in 3 min", "now": when the dispatcher tries next. */
export function untilText(iso: string | null, now: number): string {
  if (!iso) return '';
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (seconds <= 0) return 'now';
  if (seconds < 90) return `in ${seconds} s`;
  if (seconds < 5400) return `in ${Math.round(seconds / 60)} min`;
  return `in ${Math.round(seconds / 3600)} h`;
}

/** A clock for countdowns, ticking once a second while shown. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1_000);
  return now;
}

export function deliveryStateText(d: Delivery, now: number): string {
  const code = d.lastStatusCode === null ? '' : ` · ${d.lastStatusCode}`;
  switch (d.state) {
    case 'delivered':
      return `delivered${code}`;
    case 'failed':
      return `failed${code}`;
    case 'retrying':
      return `retrying · next ${untilText(d.nextAttemptAt, now)}`;
    default:
      return `pending · sending ${untilText(d.nextAttemptAt, now) || 'now'}`;
  }
}

export function DeliveryStateBadge({ delivery, now }: { delivery: Delivery; now: number }) {
  return (
    <span className={`badge badge-${TONE[delivery.state]}`} data-testid="delivery-state">
      {deliveryStateText(delivery, now)}
    </span>
  );
}

/** What the redelivery button does: a delivery waiting for its retry is tried now, a finished one is sent again. */
export const redeliverLabel = (d: Delivery): string => (d.status === 'pending' ? 'Retry now' : 'Redeliver');

/** The error, unless it only repeats the status code printed beside it ("HTTP 500"). */
function errorBesideStatus(d: Delivery): string | null {
  if (!d.lastError || d.state === 'delivered') return null;
  return d.lastStatusCode !== null && d.lastError.trim() === `HTTP ${d.lastStatusCode}` ? null : d.lastError;
}

/** The last answer in a line: status, the start of the body, or the network error. */
export function LastResponse({ delivery }: { delivery: Delivery }) {
  if (delivery.attempts === 0) return <span className="muted">not sent yet</span>;
  const excerpt = delivery.lastResponseExcerpt?.trim();
  const error = errorBesideStatus(delivery);
  return (
    <span className="last-response">
      {delivery.lastStatusCode !== null ? (
        <strong>HTTP {delivery.lastStatusCode}</strong>
      ) : (
        <strong>no response</strong>
      )}
      {excerpt ? (
        <code className="excerpt" title={excerpt}>
          {excerpt.length > 80 ? `${excerpt.slice(0, 80)}…` : excerpt}
        </code>
      ) : null}
      {error ? <span className="error-text small">{error}</span> : null}
    </span>
  );
}
