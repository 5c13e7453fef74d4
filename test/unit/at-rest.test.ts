import { setTimeout as pause } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import {
  afterSample,
  collectGarbage,
  releaseAtRest,
  STARTED,
  type RestPolicy,
  type RestState,
} from '../../server/runtime/at-rest';

const POLICY: RestPolicy = { quietMs: 3_000, busyAtMost: 0.02 };

/** Feeds busy fractions of 1 s samples in turn; the samples at which memory was given back. */
function releasesOver(busy: number[], from: RestState = STARTED): number[] {
  let state = from;
  const released: number[] = [];
  busy.forEach((fraction, i) => {
    const next = afterSample(state, fraction, 1_000, POLICY);
    state = next.state;
    if (next.release) released.push(i);
  });
  return released;
}

describe('when a service is at rest', () => {
  it('gives memory back once its start-up is followed by quietMs of an idle loop', () => {
    expect(releasesOver([0.4, 0.001, 0.01, 0.02])).toEqual([3]);
  });

  it('does so once per rest, however long the rest', () => {
    expect(releasesOver([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual([2]);
  });

  it('counts the quiet afresh after any busy sample, and a busy spell arms it again', () => {
    expect(releasesOver([0, 0, 0.5, 0, 0, 0.03, 0, 0, 0, 0, 0.9, 0, 0, 0])).toEqual([8, 13]);
  });

  it('never gives back while the loop stays busy', () => {
    expect(releasesOver(Array.from({ length: 20 }, () => 0.05))).toEqual([]);
  });
});

describe('releaseAtRest', () => {
  it('calls release when the loop has idled, leaves its own cost out, and calls it again only after work', async () => {
    const release = vi.fn(async () => {
      // giving memory back takes a while itself: it must not count as work that re-arms the next rest
      const until = Date.now() + 150;
      while (Date.now() < until);
    });
    const rest = releaseAtRest(release, (err) => expect.fail(String(err)), {
      sampleMs: 100,
      policy: { quietMs: 300, busyAtMost: 0.5 },
    });
    try {
      await vi.waitFor(() => expect(release).toHaveBeenCalledTimes(1), { timeout: 30_000, interval: 50 });
      await pause(1_500);
      expect(release).toHaveBeenCalledTimes(1);
      const until = Date.now() + 300; // work: the loop busy for three samples' worth
      while (Date.now() < until);
      await vi.waitFor(() => expect(release).toHaveBeenCalledTimes(2), { timeout: 30_000, interval: 50 });
    } finally {
      rest.stop();
    }
  });
});

describe('collectGarbage', () => {
  it('collects what nothing holds any more, without leaving a global gc behind', async () => {
    let held: object | null = { payload: new Array(10_000).fill('x') };
    const ref = new WeakRef(held);
    held = null;
    // a WeakRef keeps its target alive until the current job ends
    await pause(0);
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect('gc' in globalThis).toBe(false);
  });
});
