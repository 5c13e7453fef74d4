import type { InitOptions, WidgetErrorCode, WidgetErrorEvent, WidgetEvent } from './types';

export const PREFIX = '[ServiceWidget]';
const HANDLERS = {
  loaded: 'onLoaded',
  resize: 'onResize',
  status: 'onStatus',
  paid: 'onPaid',
  expired: 'onExpired',
  error: 'onError',
} as const;

/** Calls the option's handler and onEvent, then dispatches `servicewidget` and `servicewidget:<type>` on the container. */
export function emit(options: InitOptions, event: WidgetEvent | WidgetErrorEvent): void {
  const call = (fn: ((e: never) => void) | undefined) => {
    try {
      fn?.(event as never);
    } catch (err) {
      console.error(PREFIX, `${event.type} callback failed`, err);
    }
  };
  call(options[HANDLERS[event.type]]);
  call(options.onEvent);
  for (const name of ['servicewidget', `servicewidget:${event.type}`]) {
    event.container.dispatchEvent(new CustomEvent(name, { detail: event, bubbles: true }));
  }
}

/** An error is never silent: the console gets it even when the page listens for none. */
export function fail(container: HTMLElement, options: InitOptions, code: WidgetErrorCode, message: string): void {
  console.error(PREFIX, `${message} (${code})`);
  emit(options, { type: 'error', code, message, container });
}

const TITLES: Record<string, string> = {
  ORIGIN_NOT_ALLOWED: 'This checkout cannot be shown on this site',
  SIGNATURE_EXPIRED: 'This payment session has expired',
  INVALID_SIGNATURE: 'This payment link is not valid',
};

/** What the customer (and the developer) sees where the checkout could not be embedded. */
export function notice(code: WidgetErrorCode, message: string): HTMLElement {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.servicewidgetError = code;
  box.style.cssText =
    'box-sizing:border-box;height:100%;display:flex;flex-direction:column;justify-content:center;gap:8px;' +
    'padding:16px;border:1px solid #e3b5b5;border-radius:8px;background:#fff7f7;color:#5a1a1a;font:15px/1.4 system-ui,sans-serif;text-align:center';
  const title = document.createElement('strong');
  title.textContent = TITLES[code] ?? 'The checkout could not be loaded';
  const detail = document.createElement('span');
  detail.textContent = message;
  detail.style.fontSize = '13px';
  box.append(title, detail);
  return box;
}
