import qrcode from 'qrcode-generator';
import { QR_COLOURS, qrModulePath } from '../contract/shared-helpers';
import { svg } from './dom';

/** The link as an SVG QR code: one path of dark modules, crisp at any size. */
export function qrSvg(text: string, label: string): SVGElement {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const { path, size } = qrModulePath(qr);
  const side = String(size);
  return svg(
    'svg',
    { viewBox: `0 0 ${side} ${side}`, role: 'img', 'aria-label': label, class: 'qr', 'shape-rendering': 'crispEdges' },
    svg('rect', { width: side, height: side, fill: QR_COLOURS.light }),
    svg('path', { d: path, fill: QR_COLOURS.dark }),
  );
}
