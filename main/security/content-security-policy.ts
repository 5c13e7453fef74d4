/**
 * Sent with every console file served from app://console/ (anchors note, section 4, item 7). The
 * console talks only to its own origin. Frames may show our own origin (the checkout and embed,
 * proxied) and the service's loopback origin: the widget preview is deliberately a different
 * origin from the console, as a merchant's page would be, so the console frames it there.
 */
export function consoleCsp(serviceOrigin: string | null): string {
  const frames = serviceOrigin ? `'self' ${serviceOrigin}` : "'self'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
