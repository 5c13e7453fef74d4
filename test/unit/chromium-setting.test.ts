import { describe, expect, it } from 'vitest';
import { CHROMIUM_ENV, chromiumPath, DEFAULT_CHROMIUM } from '../../scripts/chromium';

describe('the Chromium the tests, screenshots and benchmarks launch', () => {
  it("is Debian's unless TONTILL_CHROMIUM names another", () => {
    expect(CHROMIUM_ENV).toBe('TONTILL_CHROMIUM');
    expect(chromiumPath({})).toBe(DEFAULT_CHROMIUM);
    expect(chromiumPath({ [CHROMIUM_ENV]: '' })).toBe('/usr/bin/chromium');
    expect(chromiumPath({ [CHROMIUM_ENV]: ' /opt/chrome-131/chrome ' })).toBe('/opt/chrome-131/chrome');
  });
});
