import type { CheckoutStreamEventName } from '../contract/checkout';
import { servicePath } from './service-root';
import { asCheckoutView, type CheckoutView } from './view';

const POLL_MS = 3_000;
const STATUS_EVENT: CheckoutStreamEventName = 'status';

export interface Live {
  /** fetch the status once now (e.g. when the countdown runs out) */
  refresh(): void;
  stop(): void;
}

/** Server-Sent Events first; while the stream is down (or unsupported) poll the status endpoint. */
export function watchStatus(
  paymentId: string,
  onView: (v: CheckoutView) => void,
  onConnected: (ok: boolean) => void,
): Live {
  const base = servicePath(`pay/${encodeURIComponent(paymentId)}`);
  let timer: ReturnType<typeof setInterval> | undefined;
  let source: EventSource | undefined;
  const refresh = () => {
    fetch(`${base}/status`, { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        const view = asCheckoutView(body);
        if (view) onView(view);
      })
      .catch(() => undefined);
  };
  const startPolling = () => {
    if (timer) return;
    timer = setInterval(refresh, POLL_MS);
    refresh();
  };
  const stopPolling = () => {
    clearInterval(timer);
    timer = undefined;
  };
  if (typeof EventSource === 'function') {
    source = new EventSource(`${base}/events`);
    source.addEventListener(STATUS_EVENT, (e) => {
      stopPolling();
      onConnected(true);
      const view = asCheckoutView(JSON.parse((e as MessageEvent<string>).data));
      if (view) onView(view);
    });
    source.addEventListener('open', () => {
      stopPolling();
      onConnected(true);
    });
    source.addEventListener('error', () => {
      onConnected(false);
      startPolling();
    });
  } else {
    startPolling();
  }
  return {
    refresh,
    stop() {
      source?.close();
      stopPolling();
    },
  };
}
