/**
 * The service's base URL as this page reached it, taken from checkout.js's own URL
 * (`<base>/assets/checkout.<hash>.js`). Status and sandbox calls go under it, so a path prefix in
 * front of the service (a reverse proxy mounting it at /pay/) is kept. Read while the script runs:
 * afterwards document.currentScript is null.
 */
const script = document.currentScript;
export const SERVICE_ROOT: string = script instanceof HTMLScriptElement && script.src ? new URL('../', script.src).href : new URL('/', location.href).href;

/** A service path (no leading slash) under SERVICE_ROOT. */
export const servicePath = (path: string): string => new URL(path, SERVICE_ROOT).href;
