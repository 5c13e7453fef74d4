import { servicePath } from './service-root';
import type { CheckoutView } from './view';

const POLL_MS = 3_000;

export interface Live {
  /** fetch the status once now (e.g. when the countdown runs out) */
  refresh(): void;
  stop(): void;
}

/** Server-Sent Events first; while the stream is down (or unsupported) poll the status endpoint. */
export function watchStatus(paymentId: string, onView: (v: CheckoutView) => void, onConnected: (ok: boolean) => void): Live {
  const base = servicePath(`pay/${encodeURIComponent(paymentId)}`);
  let timer: ReturnType<typeof setInterval> | undefined;
  let source: EventSource | undefined;
  const refresh = () => {
    fetch(`${base}/status`, { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then((res) => (res.ok ? (res.json() as Promise<CheckoutView>) : null))
      .then((view) => view && onView(view))
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
    source.addEventListener('status', (e) => {
      stopPolling();
      onConnected(true);
      onView(JSON.parse((e as MessageEvent<string>).data) as CheckoutView);
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
