import qrcode from 'qrcode-generator';
import { escapeHtml } from './page-html';

const QUIET_ZONE = 4;

/**
 * A QR code as inline SVG markup: one path of dark modules, so the receipt needs no image request,
 * no script and no data URL, and prints crisp at any size. The same drawing as checkout/qr.ts,
 * which builds DOM nodes in the browser instead of a string.
 */
export function qrSvgMarkup(text: string, label: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  // One rectangle per horizontal run of dark modules: a third of the markup of one per module.
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.isDark(row, col)) continue;
      let run = 1;
      while (col + run < count && qr.isDark(row, col + run)) run++;
      d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
      col += run - 1;
    }
  }
  const size = count + QUIET_ZONE * 2;
  return `<svg class="qr" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges">`
    + `<rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}
