import { createButton } from './button';
import { fail, notice, PREFIX } from './events';
import { createFrame } from './frame';
import { checkEmbed, serviceFor, type Service } from './service';
import type { InitOptions, WidgetErrorCode, WidgetHandle } from './types';

export type * from './types';

declare const __WIDGET_VERSION__: string;
/** Build version of this widget (the pinned script is index-<version>.js). */
export const version: string = __WIDGET_VERSION__;

// Captured while the script runs: afterwards document.currentScript is null (and always is in a module).
const scriptSrc: string =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : '';
const active = new WeakMap<HTMLElement, () => void>();
const ANY_ORIGIN =
  'sandbox: any origin may frame this checkout, because the session names no allowedOrigins. Before going live on ' +
  "testnet or mainnet, send allowedOrigins with POST /invoice/widgets or list your site's origin in the store's settings.";

function containersOf(spec: InitOptions['container']): HTMLElement[] {
  const items: Array<string | HTMLElement> =
    typeof spec === 'string' || spec instanceof HTMLElement ? [spec] : Array.from<string | HTMLElement>(spec ?? []);
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

function mount(service: Service, signature: string, container: HTMLElement, options: InitOptions): { destroy(): void } {
  if (options.mode === 'small-widgets') return createButton(service, signature, container, options);
  const frame = createFrame(service, signature, container, options, true);
  container.append(frame.iframe);
  return frame;
}

/**
 * Embeds one container and asks the service, meanwhile, whether this page may frame it: a refusal
 * replaces the widget with a readable notice and an `error` event. `stop` clears what it showed.
 */
function embed(
  container: HTMLElement,
  signature: string | undefined,
  options: InitOptions,
): { stop(): void; embedded: boolean } {
  const service = signature ? serviceFor(signature, options.serviceUrl, scriptSrc) : null;
  let shown: { destroy(): void } | null = null;
  let stopped = false;
  const refuse = (code: WidgetErrorCode, message: string) => {
    shown?.destroy();
    const box = notice(code, message);
    container.append(box);
    shown = { destroy: () => box.remove() };
    fail(container, options, code, message);
  };
  if (!signature)
    refuse(
      'SIGNATURE_MISSING',
      'the container has no signature attribute; set it to the EPP signature before calling init',
    );
  else if (!service)
    refuse(
      'SERVICE_UNKNOWN',
      'cannot tell where the payment service runs: the signature names no service; pass serviceUrl',
    );
  else {
    shown = mount(service, signature, container, options);
    void checkEmbed(service, signature).then((verdict) => {
      if (stopped || !verdict) return;
      if (!verdict.ok) refuse(verdict.code, verdict.message);
      else if (verdict.anyOrigin) console.info(PREFIX, ANY_ORIGIN);
    });
  }
  return {
    embedded: !!service,
    stop: () => {
      stopped = true;
      shown?.destroy();
    },
  };
}

/** Embeds the checkout for each container's `signature` attribute; a container used before is cleared first. */
export function init(options: InitOptions): WidgetHandle {
  const own: Array<() => void> = [];
  const handle: WidgetHandle = { containers: [], destroy: () => own.forEach((stop) => stop()) };
  if (!options || typeof options !== 'object') {
    console.error(PREFIX, 'init needs an options object such as { container: "#pay" }');
    return handle;
  }
  const containers = containersOf(options.container);
  if (containers.length === 0) console.error(PREFIX, `container not found: ${String(options.container)}`);
  for (const container of containers) {
    active.get(container)?.();
    container.replaceChildren();
    const widget = embed(container, container.getAttribute('signature')?.trim(), options);
    const stop = () => {
      if (active.get(container) !== stop) return;
      widget.stop();
      active.delete(container);
    };
    active.set(container, stop);
    own.push(stop);
    if (widget.embedded) handle.containers.push(container);
  }
  return handle;
}
