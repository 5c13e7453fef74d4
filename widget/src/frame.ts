import type { InitOptions, WidgetCallback, WidgetEvent, WidgetEventType } from './types';

export const PREFIX = '[ServiceWidget]';
const PAGE_SOURCE = 'tontill-checkout';
const TYPES: readonly WidgetEventType[] = ['loaded', 'resize', 'status', 'paid', 'expired'];
const HANDLERS = { loaded: 'onLoaded', resize: 'onResize', status: 'onStatus', paid: 'onPaid', expired: 'onExpired' } as const;
/** How long the checkout may take to say it loaded before we tell the developer why it may not have. */
const LOAD_TIMEOUT_MS = 15_000;

export interface Service {
  /** base URL ending in '/', e.g. https://pay.example/ */
  base: string;
  origin: string;
}

export interface Frame {
  iframe: HTMLIFrameElement;
  destroy(): void;
}

function emit(container: HTMLElement, options: InitOptions, event: WidgetEvent): void {
  const call = (fn: WidgetCallback | undefined) => {
    try {
      fn?.(event);
    } catch (err) {
      console.error(PREFIX, `${event.type} callback failed`, err);
    }
  };
  call(options[HANDLERS[event.type]]);
  call(options.onEvent);
  for (const name of ['servicewidget', `servicewidget:${event.type}`]) {
    container.dispatchEvent(new CustomEvent(name, { detail: event, bubbles: true }));
  }
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
    emit(container, options, event);
  };
  const onLoad = () => iframe.contentWindow?.postMessage({ source: 'tontill-widget', type: 'hello' }, service.origin);
  const timer = setTimeout(() => {
    if (!loaded) {
      console.error(PREFIX, `the checkout did not load. Is this page's origin (${location.origin}) among the signature's allowedOrigins, `
        + `is the signature still valid, and does your Content-Security-Policy frame-src list ${service.origin}?`);
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
