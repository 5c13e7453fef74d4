import { z } from 'zod';
import { ConsoleLoginLinkSchema, PASSPHRASE_MIN_LENGTH } from './console';

/** Cashiers (the owner's settings) and the audit log (the owner's screen). */

const Passphrase = z
  .string()
  .min(PASSPHRASE_MIN_LENGTH, `must be at least ${PASSPHRASE_MIN_LENGTH} characters`)
  .max(200);

/** A cashier as the owner sees one: never the passphrase or its hash, only whether one is set. */
export const CashierViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  hasPassphrase: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type CashierView = z.infer<typeof CashierViewSchema>;
export const CashierListSchema = z.object({ items: z.array(CashierViewSchema) });

export const CreateCashierBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(60),
  passphrase: Passphrase.optional().meta({
    description: 'Optional: lets the cashier sign in at /console/login with their name',
  }),
});
export type CreateCashierBody = z.infer<typeof CreateCashierBodySchema>;

/** The new cashier and their first one-time sign-in link (15 minutes, usable once). */
export const CreatedCashierSchema = z.object({ cashier: CashierViewSchema, loginLink: ConsoleLoginLinkSchema });
export type CreatedCashier = z.infer<typeof CreatedCashierSchema>;

/** null removes the passphrase: only sign-in links work for that cashier afterwards. */
export const SetCashierPassphraseBodySchema = z.strictObject({ passphrase: Passphrase.nullable() });
export type SetCashierPassphraseBody = z.infer<typeof SetCashierPassphraseBodySchema>;

export const CashierIdParamsSchema = z.strictObject({ id: z.string().max(64) });

/** One line of the audit log; `detail` never carries a secret. */
export const AuditEntryViewSchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.string().meta({ description: "'owner', 'cashier:<name>', 'api' or 'service'" }),
  action: z.string().meta({ description: 'e.g. refund.create, transfer.dismissed, settings.change, api_key.revoke' }),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof AuditEntryViewSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntryViewSchema),
  nextBefore: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Pass as `before` for the next (older) page; null at the end' }),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional().meta({ description: 'Only entries older than this seq' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
