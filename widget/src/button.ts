import { createFrame, type Frame } from './frame';
import { assetSymbolOf, type Service } from './service';
import type { ButtonColor, InitOptions } from './types';

/** background, text, border */
const COLORS: Record<ButtonColor, [string, string, string]> = {
  'white-black': ['#fff', '#000', '#000'],
  'black-white': ['#000', '#fff', '#000'],
  'red-white': ['#d32f2f', '#fff', '#d32f2f'],
  'red-black': ['#ef5350', '#000', '#ef5350'],
  'blue-white': ['#0b63f6', '#fff', '#0b63f6'],
};

export interface Button {
  destroy(): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A diamond mark in the button's text colour (SVG via DOM: no markup strings, nothing for a CSP to refuse). */
function logo(): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.style.cssText = 'width:1.25em;height:1.25em;flex:none';
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M12 2 3 9l9 13 9-13-9-7Zm0 3.3L17.6 9H6.4L12 5.3Zm-1 5.7v7.2L6 11h5Zm2 0h5l-5 7.2V11Z');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

function dialog(): HTMLDialogElement {
  const d = document.createElement('dialog');
  d.setAttribute('aria-label', 'Payment checkout');
  d.style.cssText =
    'padding:0;border:0;border-radius:12px;width:min(440px,calc(100vw - 16px));height:min(720px,calc(100vh - 16px));' +
    'max-width:100vw;max-height:100vh;overflow:hidden;box-shadow:0 10px 40px rgba(0,0,0,.35)';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Close checkout');
  close.style.cssText =
    'position:absolute;top:6px;right:6px;z-index:1;width:36px;height:36px;border:0;border-radius:50%;' +
    'background:rgba(0,0,0,.06);color:#111;font:24px/1 system-ui,sans-serif;cursor:pointer';
  close.addEventListener('click', () => d.close());
  d.append(close);
  return d;
}

/** small-widgets mode: a pay button; the checkout opens in a modal dialog on this page (same EPP, same events). */
export function createButton(
  service: Service,
  signature: string,
  container: HTMLElement,
  options: InitOptions,
): Button {
  const opts = options.button ?? {};
  const [bg, fg, border] = COLORS[opts.color ?? 'black-white'] ?? COLORS['black-white'];
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `servicewidget-button servicewidget-${opts.color ?? 'black-white'}`;
  button.style.cssText =
    `display:inline-flex;align-items:center;justify-content:center;gap:.5em;box-sizing:border-box;cursor:pointer;` +
    `min-height:44px;padding:.6em 1.2em;border-radius:8px;font:600 16px/1.2 system-ui,sans-serif;` +
    `background:${bg};color:${fg};border:2px solid ${border}`;
  if (opts.width) button.style.width = opts.width;
  if (opts.height) button.style.height = opts.height;
  const symbol = assetSymbolOf(signature);
  if (opts.logoOnly) {
    button.setAttribute('aria-label', `Pay with ${symbol} (TonTill)`);
    button.append(Object.assign(document.createElement('span'), { textContent: 'TonTill' }));
    button.lastElementChild!.setAttribute('aria-hidden', 'true');
    (button.lastElementChild as HTMLElement).style.cssText = 'font-weight:800;letter-spacing:.02em';
  } else {
    button.append(logo(), `Pay with ${symbol}`);
  }
  container.append(button);
  let modal: HTMLDialogElement | null = null;
  let frame: Frame | null = null;
  const open = () => {
    if (!modal) {
      modal = dialog();
      frame = createFrame(service, signature, container, options);
      modal.append(frame.iframe);
      modal.addEventListener('close', () => button.focus());
      document.body.append(modal);
    }
    modal.showModal();
  };
  button.addEventListener('click', open);
  return {
    destroy() {
      frame?.destroy();
      modal?.remove();
      button.remove();
    },
  };
}
