/**
 * checkout.js's own script element, taken while the script runs: afterwards document.currentScript is
 * null. (A test that imports the page's modules without a DOM has none.)
 */
const script = typeof document === 'undefined' ? null : document.currentScript;
let root: string | null = null;

/**
 * The service's base URL as this page reached it, from checkout.js's own URL
 * (`<base>/assets/checkout.<hash>.js`). Status, sandbox and receipt URLs go under it, so a path
 * prefix in front of the service (a reverse proxy mounting it at /pay/) is kept.
 */
function serviceRoot(): string {
  root ??=
    script instanceof HTMLScriptElement && script.src
      ? new URL('../', script.src).href
      : new URL('/', location.href).href;
  return root;
}

/** A service path (no leading slash) under the service's base URL. */
export const servicePath = (path: string): string => new URL(path, serviceRoot()).href;
