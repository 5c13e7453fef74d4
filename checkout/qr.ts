import qrcode from 'qrcode-generator';
import { svg } from './dom';

const QUIET_ZONE = 4;

/** The link as an SVG QR code: one path of dark modules, crisp at any size. */
export function qrSvg(text: string, label: string): SVGElement {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const size = String(count + QUIET_ZONE * 2);
  return svg('svg', { viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': label, class: 'qr', 'shape-rendering': 'crispEdges' },
    svg('rect', { width: size, height: size, fill: '#fff' }),
    svg('path', { d, fill: '#000' }));
}
