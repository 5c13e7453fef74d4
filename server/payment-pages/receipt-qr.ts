import qrcode from 'qrcode-generator';
import { escapeHtml, QR_COLOURS, qrModulePath } from '../../contract/shared-helpers';

/**
 * A QR code as inline SVG markup, so the receipt needs no image request, no script and no data URL,
 * and prints crisp at any size. The checkout and the console draw the same path as DOM nodes.
 */
export function qrSvgMarkup(text: string, label: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const { path, size } = qrModulePath(qr);
  return (
    `<svg class="qr" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="${QR_COLOURS.light}"/><path d="${path}" fill="${QR_COLOURS.dark}"/></svg>`
  );
}
