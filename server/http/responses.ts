import { z } from 'zod';
import { ErrorCode } from './errors';

export const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.values(ErrorCode) as [string, ...string[]]),
    message: z.string(),
    field: z.string().optional().meta({ description: 'The request field at fault, when there is one' }),
  }),
});

/** The error statuses every authenticated JSON route can answer with. */
export const errorResponses = {
  400: { description: 'Validation failed; `field` names the culprit', schema: ErrorSchema },
  401: { description: 'Missing or invalid credentials', schema: ErrorSchema },
  404: { description: 'Not found', schema: ErrorSchema },
  409: { description: 'Conflict: idempotency key reused with another body, or an impossible state change', schema: ErrorSchema },
  413: { description: 'Body too large', schema: ErrorSchema },
  429: { description: 'Rate limited', schema: ErrorSchema },
};
