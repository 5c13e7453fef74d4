import { chromium, type Browser } from 'playwright';

/**
 * The one Chromium the tests, `npm run screenshots` and the benchmarks drive: Debian's by default,
 * any other build through TONTILL_CHROMIUM (a machine without /usr/bin/chromium, a pinned version).
 */
export const CHROMIUM_ENV = 'TONTILL_CHROMIUM';
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * No sandbox (containers and CI run as root, where Chromium's sandbox refuses to start), no GPU
 * (headless machines have none), and nothing fetched behind the tests' back (updates, field trials).
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env[CHROMIUM_ENV]?.trim() || DEFAULT_CHROMIUM;
}

/** Headless Chromium with the flags above and any of the caller's own (e.g. a host resolver rule). */
export function launchChromium(extraFlags: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ...extraFlags] });
}
