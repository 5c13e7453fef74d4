import { emit, fail } from './events';
import type { Service } from './service';
import type { InitOptions, WidgetEvent, WidgetEventType } from './types';

const PAGE_SOURCE = 'tontill-checkout';
const TYPES: readonly WidgetEventType[] = ['loaded', 'resize', 'status', 'paid', 'expired'];
/** How long the checkout may take to say it loaded before we tell the developer why it may not have. */
const LOAD_TIMEOUT_MS = 15_000;

export interface Frame {
  iframe: HTMLIFrameElement;
  destroy(): void;
}

/** Only a message from our own iframe, from the service origin, in our shape, becomes an event. */
function toEvent(data: unknown, container: HTMLElement): WidgetEvent | null {
  const d = data as Partial<WidgetEvent> & { source?: unknown } | null;
  if (!d || typeof d !== 'object' || d.source !== PAGE_SOURCE || !TYPES.includes(d.type as WidgetEventType)) return null;
  const event: WidgetEvent = {
    type: d.type as WidgetEventType, paymentId: String(d.paymentId), status: d.status as WidgetEvent['status'],
    amount: String(d.amount), dueAmount: String(d.dueAmount), paidAmount: String(d.paidAmount), container,
  };
  if (typeof d.height === 'number') event.height = d.height;
  return event;
}

export function createFrame(service: Service, signature: string, container: HTMLElement, options: InitOptions): Frame {
  const iframe = document.createElement('iframe');
  const url = new URL('embed', service.base);
  url.searchParams.set('signature', signature);
  url.searchParams.set('parent', location.origin);
  iframe.src = url.href;
  iframe.title = 'Payment checkout';
  iframe.allow = 'clipboard-write';
  iframe.style.cssText = 'display:block;border:0;width:100%;height:100%;min-height:320px;background:transparent';
  let loaded = false;
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== service.origin || e.source !== iframe.contentWindow) return;
    const event = toEvent(e.data, container);
    if (!event) return;
    if (event.type === 'loaded') loaded = true;
    emit(options, event);
  };
  const onLoad = () => iframe.contentWindow?.postMessage({ source: 'tontill-widget', type: 'hello' }, service.origin);
  const timer = setTimeout(() => {
    if (!loaded) {
      fail(container, options, 'LOAD_TIMEOUT', `the checkout did not load. May this page's origin (${location.origin}) frame it `
        + `(allowedOrigins or the store's list), is the signature still valid, and does your Content-Security-Policy frame-src list ${service.origin}?`);
    }
  }, LOAD_TIMEOUT_MS);
  addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  return {
    iframe,
    destroy() {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      iframe.remove();
    },
  };
}
