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
  internal: 'INTERNAL_ERROR',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCodeValue,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface ErrorBody {
  error: { code: ErrorCodeValue; message: string; field?: string };
}

export function errorBody(code: ErrorCodeValue, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

export const notFound = (what: string): AppError =>
  new AppError(404, ErrorCode.notFound, `${what} not found`);
