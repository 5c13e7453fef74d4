import { createButton } from './button';
import { createFrame, PREFIX, type Service } from './frame';
import type { InitOptions, WidgetHandle } from './types';

export type * from './types';

declare const __WIDGET_VERSION__: string;
/** Build version of this widget (the pinned script is index-<version>.js). */
export const version: string = __WIDGET_VERSION__;

// Captured while the script runs: afterwards document.currentScript is null.
const scriptSrc: string = typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
const active = new WeakMap<HTMLElement, () => void>();

/** The service base is the folder above /widgets/ of the script, or the serviceUrl option. */
function serviceOf(serviceUrl: string | undefined): Service | null {
  try {
    const base = serviceUrl ? new URL(serviceUrl.endsWith('/') ? serviceUrl : `${serviceUrl}/`, location.href) : new URL('..', scriptSrc);
    return base.protocol === 'https:' || base.protocol === 'http:' ? { base: base.href, origin: base.origin } : null;
  } catch {
    return null;
  }
}

function containersOf(spec: InitOptions['container']): HTMLElement[] {
  const items: Array<string | HTMLElement> = typeof spec === 'string' || spec instanceof HTMLElement
    ? [spec] : Array.from<string | HTMLElement>(spec ?? []);
  const found = new Set<HTMLElement>();
  for (const item of items) {
    if (item instanceof HTMLElement) found.add(item);
    else if (typeof item === 'string') {
      try {
        document.querySelectorAll<HTMLElement>(item).forEach((el) => found.add(el));
      } catch {
        console.error(PREFIX, `invalid container selector: ${item}`);
      }
    }
  }
  return [...found];
}

/** Embeds the checkout for each container's `signature` attribute; a container used before is cleared first. */
export function init(options: InitOptions): WidgetHandle {
  const own: Array<() => void> = [];
  const handle: WidgetHandle = { containers: [], destroy: () => own.forEach((stop) => stop()) };
  if (!options || typeof options !== 'object') {
    console.error(PREFIX, 'init needs an options object such as { container: "#pay" }');
    return handle;
  }
  const service = serviceOf(options.serviceUrl);
  if (!service) {
    console.error(PREFIX, 'cannot tell where the payment service runs: load the script from the service or pass serviceUrl');
    return handle;
  }
  const containers = containersOf(options.container);
  if (containers.length === 0) console.error(PREFIX, `container not found: ${String(options.container)}`);
  for (const container of containers) {
    const signature = container.getAttribute('signature')?.trim();
    active.get(container)?.();
    container.replaceChildren();
    if (!signature) {
      console.error(PREFIX, 'the container has no signature attribute; set it to the EPP signature before calling init', container);
      continue;
    }
    const widget = options.mode === 'small-widgets'
      ? createButton(service, signature, container, options)
      : (() => {
          const frame = createFrame(service, signature, container, options);
          container.append(frame.iframe);
          return frame;
        })();
    const stop = () => {
      if (active.get(container) !== stop) return;
      widget.destroy();
      active.delete(container);
    };
    active.set(container, stop);
    own.push(stop);
    handle.containers.push(container);
  }
  return handle;
}
