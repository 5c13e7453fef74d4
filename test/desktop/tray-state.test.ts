// serviceStateOf: the tray's reading of the watcher, the same as the console's watcher card.
import { describe, expect, it } from 'vitest';
import { serviceStateOf, UP_TO_DATE_MS } from '../../main/service/service-port';
import { describeWatcher } from '../../renderer/features/chain/describe-watcher';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const healthy = { running: true, lastSuccessAt: NOW - 5_000, consecutiveErrors: 0 };

describe('serviceStateOf', () => {
  it('running while the watcher checks the chain successfully, or is on its first check', () => {
    expect(serviceStateOf(false, healthy, NOW)).toBe('running');
    expect(serviceStateOf(false, { ...healthy, lastSuccessAt: null }, NOW)).toBe('running');
    expect(serviceStateOf(false, { ...healthy, lastSuccessAt: NOW - UP_TO_DATE_MS }, NOW)).toBe('running');
  });

  it('degraded when the watcher is stopped, failing, behind, or not there (the chain is not open)', () => {
    expect(serviceStateOf(false, { ...healthy, running: false }, NOW)).toBe('degraded');
    expect(serviceStateOf(false, { ...healthy, consecutiveErrors: 1 }, NOW)).toBe('degraded');
    expect(serviceStateOf(false, { ...healthy, lastSuccessAt: NOW - UP_TO_DATE_MS - 1_000 }, NOW)).toBe('degraded');
    expect(serviceStateOf(false, null, NOW)).toBe('degraded');
  });

  it('stopped once the service is closed, whatever the watcher last said', () => {
    expect(serviceStateOf(true, healthy, NOW)).toBe('stopped');
  });

  it('agrees with the watcher card of the console: running exactly when the card is neither bad nor catching up', () => {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    for (const watcher of [
      healthy,
      { ...healthy, lastSuccessAt: null },
      { ...healthy, running: false },
      { ...healthy, consecutiveErrors: 2 },
      { ...healthy, lastSuccessAt: NOW - 61_000 },
      { ...healthy, lastSuccessAt: NOW - 3_600_000 },
    ]) {
      const card = describeWatcher({ mode: 'sandbox', ...watcher, lastSuccessAt: iso(watcher.lastSuccessAt) }, NOW);
      const cardSaysFine = card.tone === 'ok' || card.headline === 'Starting';
      expect(serviceStateOf(false, watcher, NOW) === 'running', JSON.stringify(watcher)).toBe(cardSaysFine);
    }
  });
});
