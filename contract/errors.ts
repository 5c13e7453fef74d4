import { z } from 'zod';

/** Stable error codes: integrations branch on these, so never rename one. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  idempotencyConflict: 'IDEMPOTENCY_CONFLICT',
  invalidTransition: 'INVALID_STATE_TRANSITION',
  invalidSignature: 'INVALID_SIGNATURE',
  signatureExpired: 'SIGNATURE_EXPIRED',
  sandboxOnly: 'SANDBOX_ONLY',
  originNotAllowed: 'ORIGIN_NOT_ALLOWED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  hostNotAllowed: 'HOST_NOT_ALLOWED',
  restorePending: 'RESTORE_PENDING',
  ledgerUnavailable: 'LEDGER_UNAVAILABLE',
  chainUnavailable: 'CHAIN_UNAVAILABLE',
  rateUnavailable: 'RATE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every error the service answers has this shape, whatever the status. */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ErrorCode).meta({ description: 'Stable: branch on it' }),
      message: z.string().meta({ description: 'For people; may change' }),
      field: z.string().optional().meta({ description: 'The request field at fault, when there is one' }),
    }),
  })
  .meta({
    id: 'Error',
    description: 'Every error has this shape, whatever the status',
    examples: [
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'amount: must be a decimal string such as "10.00"',
          field: 'amount',
        },
      },
    ],
  });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
