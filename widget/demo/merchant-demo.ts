// The demo shop's own script: what a merchant writes around the widget. Loaded after index-latest.js.
import type { InitOptions, WidgetErrorEvent, WidgetEvent } from '../src/types';

declare global {
  interface Window {
    ServiceWidget?: { init(options: InitOptions): unknown };
  }
}

const log = document.getElementById('log');
const container = document.getElementById('pay');

function record(event: WidgetEvent | WidgetErrorEvent): void {
  const item = document.createElement('li');
  const extra =
    event.type === 'error'
      ? `${event.code}: ${event.message}`
      : event.type === 'resize'
        ? `height ${event.height}px`
        : `status ${event.status}, due ${event.dueAmount} USDT`;
  item.textContent = `${new Date().toLocaleTimeString()} · ${event.type} · ${extra}`;
  item.dataset.type = event.type;
  log?.prepend(item);
}

if (!window.ServiceWidget || typeof window.ServiceWidget.init !== 'function') {
  console.error('ServiceWidget is not available: the widget script did not load');
} else if (container) {
  window.ServiceWidget.init({
    container: '#pay',
    mode: container.dataset.mode === 'small-widgets' ? 'small-widgets' : 'iframe-only',
    button: { color: (container.dataset.color ?? 'black-white') as NonNullable<InitOptions['button']>['color'] },
    onEvent: (event) => {
      record(event);
      // The spec asks for an explicit container height; this shop lets the frame hug the checkout instead
      // (never cut, no blank area after payment) by taking the height from each resize event.
      if (event.type === 'resize' && event.height && container.dataset.mode !== 'small-widgets')
        container.style.height = `${event.height}px`;
    },
  });
}
