import type { CheckoutView } from './view';

export type BridgeEvent = 'loaded' | 'resize' | 'status' | 'paid' | 'expired';

export interface Bridge {
  post(type: BridgeEvent, view: CheckoutView, extra?: { height: number }): void;
}

/**
 * EPP only: talks to the embedding page at the one origin the server validated against the signature.
 * Never '*': a page that frames us from elsewhere hears nothing.
 */
export function connectParent(parentOrigin: string | null, current: () => CheckoutView): Bridge | null {
  if (!parentOrigin || window.parent === window) return null;
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== parentOrigin) return null;
  const post: Bridge['post'] = (type, view, extra) => {
    window.parent.postMessage({
      source: 'tontill-checkout', type, paymentId: view.id, status: view.status,
      amount: view.amount, dueAmount: view.dueAmount, paidAmount: view.paidAmount, ...extra,
    }, parentOrigin);
  };
  addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== parentOrigin || e.source !== window.parent) return;
    const data = e.data as { source?: unknown; type?: unknown } | null;
    if (data && data.source === 'tontill-widget' && data.type === 'hello') post('status', current());
  });
  let lastHeight = 0;
  const measure = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      post('resize', current(), { height });
    }
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(measure).observe(document.body);
  return { post };
}
