import { z } from 'zod';

/** Where a store's fiat prices get their rates now: the sandbox's fixed table, its manual one, or live sources. */
export const RATE_ORIGINS = ['sandbox', 'manual', 'live'] as const;

export const RateSourceHealthSchema = z
  .object({
    name: z.string().meta({ description: 'tonapi, coingecko, ecb' }),
    state: z.enum(['ok', 'failing', 'unused']).meta({ description: 'unused: not asked since the service started' }),
    lastSuccessAt: z.iso.datetime().nullable(),
    lastFailureAt: z.iso.datetime().nullable(),
    /** why the last ask failed, in words: "timed out after 3 s", "429 rate limited", "no KZT" */
    lastError: z.string().nullable(),
  })
  .meta({ id: 'RateSourceHealth' });
export type RateSourceHealth = z.infer<typeof RateSourceHealthSchema>;

/** The rates' health, for the dashboard beside the watcher's. */
export const RatesHealthSchema = z
  .object({
    origin: z.enum(RATE_ORIGINS),
    /** live sources in the order they are asked; empty for the sandbox and manual tables */
    sources: z.array(RateSourceHealthSchema),
    /** the last refusal of a fiat price (503 RATE_UNAVAILABLE) and why, if any since the start */
    lastRefusal: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'RatesHealth' });
export type RatesHealth = z.infer<typeof RatesHealthSchema>;
