import type { CheckoutMessage, EmbedEventType, WidgetHello } from '../contract/embed-messages';
import type { CheckoutView } from './view';

export interface Bridge {
  post(type: EmbedEventType, view: CheckoutView, extra?: { height: number }): void;
}

const HELLO: WidgetHello = { source: 'tontill-widget', type: 'hello' };

/**
 * EPP only: talks to the embedding page at the one origin the server validated against the signature.
 * Never '*': a page that frames us from elsewhere hears nothing.
 */
export function connectParent(parentOrigin: string | null, current: () => CheckoutView): Bridge | null {
  if (!parentOrigin || window.parent === window) return null;
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== parentOrigin) return null;
  const post: Bridge['post'] = (type, view, extra) => {
    const message: CheckoutMessage = {
      source: 'tontill-checkout',
      type,
      paymentId: view.id,
      status: view.status,
      amount: view.amount,
      dueAmount: view.dueAmount,
      paidAmount: view.paidAmount,
      ...extra,
    };
    window.parent.postMessage(message, parentOrigin);
  };
  addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== parentOrigin || e.source !== window.parent) return;
    const data = e.data as Partial<WidgetHello> | null;
    if (data && data.source === HELLO.source && data.type === HELLO.type) post('status', current());
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
