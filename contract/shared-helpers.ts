// Small pure helpers that the service, the console and the checkout bundles all need, one copy each.
// Like the rest of contract/ this file imports nothing, so any bundle can take it.

/** Text made safe inside HTML: element content and attribute values, quoted either way. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What a QR code library knows of a made code (qrcode-generator's own shape). */
export interface QrMatrix {
  getModuleCount(): number;
  isDark(row: number, col: number): boolean;
}

/** Light modules around the code, as the QR specification asks, so scanners find its edges. */
export const QR_QUIET_ZONE = 4;

/** Dark and light, the same on every screen and on paper: the highest contrast a scanner can get. */
export const QR_COLOURS: { readonly dark: string; readonly light: string } = { dark: '#000', light: '#fff' };

/**
 * A QR code as one SVG path of its dark modules, crisp at any size and drawn without an image, a
 * script or a data URL. One rectangle per horizontal run of dark modules (a third of the markup of
 * one per module). `size` is the side of the viewBox, quiet zone included.
 */
export function qrModulePath(qr: QrMatrix): { path: string; size: number } {
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.isDark(row, col)) continue;
      let run = 1;
      while (col + run < count && qr.isDark(row, col + run)) run++;
      path += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`;
      col += run - 1;
    }
  }
  return { path, size: count + QR_QUIET_ZONE * 2 };
}
