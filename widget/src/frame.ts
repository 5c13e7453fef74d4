import type { CheckoutMessage, EmbedEventType, WidgetHello } from '../../contract/embed-messages';
import { emit, fail } from './events';
import type { Service } from './service';
import type { InitOptions, WidgetEvent } from './types';

const PAGE_SOURCE: CheckoutMessage['source'] = 'tontill-checkout';
/** Every event type the checkout sends; the compiler holds the keys to the contract's list. */
const TYPES = { loaded: true, resize: true, status: true, paid: true, expired: true } satisfies Record<
  EmbedEventType,
  true
>;
const HELLO: WidgetHello = { source: 'tontill-widget', type: 'hello' };
/** How long the checkout may take to say it loaded before we tell the developer why it may not have. */
const LOAD_TIMEOUT_MS = 15_000;

export interface Frame {
  iframe: HTMLIFrameElement;
  destroy(): void;
}

/** Only a message from our own iframe, from the service origin, in our shape, becomes an event. */
function toEvent(data: unknown, container: HTMLElement): WidgetEvent | null {
  const d = data as Partial<Record<keyof CheckoutMessage, unknown>> | null;
  if (
    !d ||
    typeof d !== 'object' ||
    d.source !== PAGE_SOURCE ||
    typeof d.type !== 'string' ||
    !Object.prototype.hasOwnProperty.call(TYPES, d.type)
  )
    return null;
  const event: WidgetEvent = {
    type: d.type as EmbedEventType,
    paymentId: String(d.paymentId),
    status: d.status as WidgetEvent['status'],
    amount: String(d.amount),
    dueAmount: String(d.dueAmount),
    paidAmount: String(d.paidAmount),
    container,
  };
  if (typeof d.height === 'number') event.height = d.height;
  return event;
}

/**
 * `fit` (iframe-only mode): the frame takes the checkout's own height from every resize event, so the
 * checkout is never cut (no inner scrollbar) and never leaves a blank area (after payment it shrinks).
 * The container's height is only the placeholder until then: it is released to `auto` and restored by destroy().
 * In a dialog (small-widgets) the frame fills the dialog instead.
 */
export function createFrame(
  service: Service,
  signature: string,
  container: HTMLElement,
  options: InitOptions,
  fit = false,
): Frame {
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
    if (fit && event.type === 'resize' && event.height && event.height > 0) {
      container.style.height = 'auto';
      iframe.style.minHeight = '0';
      iframe.style.height = `${event.height}px`;
    }
    emit(options, event);
  };
  const onLoad = () => iframe.contentWindow?.postMessage(HELLO, service.origin);
  const timer = setTimeout(() => {
    if (!loaded) {
      fail(
        container,
        options,
        'LOAD_TIMEOUT',
        `the checkout did not load. May this page's origin (${location.origin}) frame it ` +
          `(allowedOrigins or the store's list), is the signature still valid, and does your Content-Security-Policy frame-src list ${service.origin}?`,
      );
    }
  }, LOAD_TIMEOUT_MS);
  addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  const placeholder = container.style.height;
  return {
    iframe,
    destroy() {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      iframe.remove();
      if (fit) container.style.height = placeholder;
    },
  };
}
