import { Receiver, type Reply } from '../webhooks/receiver';
import type { Prng } from './prng';

/**
 * flaky: a mix of 200, 500 and slow answers; down: 500 to everything (an outage, long enough
 * to mark the endpoint failing); calm: 200 at once, as a receiver that has recovered.
 */
export type ReceiverMode = 'flaky' | 'down' | 'calm';

/** A real loopback webhook receiver that misbehaves as told. `received` holds what it accepted (2xx), in order. */
export class FlakyReceiver {
  mode: ReceiverMode = 'flaky';
  /** every request that reached it, accepted or not */
  arrivals = 0;

  private constructor(
    readonly inner: Receiver,
    private readonly rng: Prng,
  ) {
    inner.reply = () => {
      this.arrivals += 1;
      return this.answer();
    };
  }

  static async start(rng: Prng): Promise<FlakyReceiver> {
    return new FlakyReceiver(await Receiver.start(), rng);
  }

  get received() {
    return this.inner.received;
  }

  url(): string {
    return this.inner.url('/chaos-hook');
  }

  stop(): Promise<void> {
    return this.inner.stop();
  }

  private answer(): Reply {
    if (this.mode === 'calm') return { status: 200, body: 'ok' };
    if (this.mode === 'down') return { status: 500, body: 'down' };
    const roll = this.rng.next();
    if (roll < 0.55) return { status: 200, body: 'ok' };
    if (roll < 0.75) return { status: 500, body: 'flaky' };
    // slow, but well inside the dispatcher's 10 s timeout: a kill may land while it waits
    return { status: this.rng.chance(0.7) ? 200 : 503, body: 'slow', delayMs: this.rng.int(50, 900) };
  }
}
