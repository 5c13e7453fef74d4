/**
 * Which app://console/ paths belong to the in-process service. The renderer calls them with
 * same-origin relative URLs, exactly as it does when a browser loads the console from the
 * service, so the console code has one code path for both.
 */
const SERVICE_PREFIXES = [
  '/console/api', // the console API (session bearer)
  '/pay', // hosted checkout pages, their status polling and event stream
  '/embed', // the embedded checkout a widget frames
  '/widgets', // the widget script and its versions
] as const;

/** The checkout pages load their own content-hashed files from /assets/; the console build uses that folder too. */
const SERVICE_FALLBACK_PREFIXES = ['/assets'] as const;

/** Matches whole segments only: /pay/… and /pay are the service's, /payments is a console route. */
function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isServicePath(pathname: string): boolean {
  return SERVICE_PREFIXES.some((prefix) => underPrefix(pathname, prefix));
}

/** Asked only after the console build has no such file. */
export function isServiceFallbackPath(pathname: string): boolean {
  return SERVICE_FALLBACK_PREFIXES.some((prefix) => underPrefix(pathname, prefix));
}
