/** Time is injected so expiry and signatures are testable without sleeping. Milliseconds. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
