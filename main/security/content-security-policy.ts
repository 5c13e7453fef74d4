/**
 * Sent with every console file served from app://console/ (anchors note, section 4, item 7).
 * The console talks only to its own origin; frame-src 'self' lets a screen preview the checkout
 * or the widget embed, which the protocol proxies from the service under the same origin.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
