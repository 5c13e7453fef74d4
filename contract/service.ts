import { z } from 'zod';

/** GET /healthz: the service answers (for load balancers and probes; no credentials, no rate limit). */
export const HealthSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
