import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { QR_COLOURS, qrModulePath } from '../../contract/shared-helpers';

/** A QR code drawn as one SVG path: crisp at any size, no data URL, nothing for the CSP to refuse. */
export function QrCode({ value, size = 240, label }: { value: string; size?: number; label: string }) {
  const { path, size: side } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    return qrModulePath(qr);
  }, [value]);
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill={QR_COLOURS.light} />
      <path d={path} fill={QR_COLOURS.dark} />
    </svg>
  );
}
