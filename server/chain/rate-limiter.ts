export interface TokenBucket {
  /** Resolves once a request may be sent; callers are served in FIFO order. */
  take(): Promise<void>;
}

export interface TokenBucketOptions {
  ratePerSecond: number;
  burst: number;
  /** milliseconds; injectable for tests */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTokenBucket(options: TokenBucketOptions): TokenBucket {
  const { ratePerSecond, burst, now = Date.now, sleep = realSleep } = options;
  if (!(ratePerSecond > 0) || !(burst >= 1)) {
    throw new RangeError('token bucket needs ratePerSecond > 0 and burst >= 1');
  }
  let tokens = burst;
  let refilledAt = now();
  // Chaining every take() keeps waiters in order and stops two of them spending the same token.
  let queue: Promise<void> = Promise.resolve();

  function refill(): void {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - refilledAt) * ratePerSecond) / 1000);
    refilledAt = t;
  }

  async function acquire(): Promise<void> {
    refill();
    // A loop, not a single sleep: timers may fire a little early.
    while (tokens < 1) {
      await sleep(Math.ceil(((1 - tokens) * 1000) / ratePerSecond));
      refill();
    }
    tokens -= 1;
  }

  return {
    take() {
      const turn = queue.then(acquire);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
