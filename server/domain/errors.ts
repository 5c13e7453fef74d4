/**
 * Errors the domain (payments, webhooks, chain, watcher) raises when a request cannot be applied.
 * They name what went wrong and, where one field is to blame, which field; they carry no HTTP status.
 * The HTTP adapter maps each kind to a status and a wire code in one table (server/plugins/error-handler.ts).
 * This module imports nothing, so every domain folder may import it.
 */

/** Stable kinds: the error handler's table is keyed by these, so never rename one. */
export const DomainErrorKind = {
  /** Domain input that breaks a rule (an amount out of range, …). */
  invalidInput: 'invalid_input',
  /** A resource looked up by id does not exist. */
  notFound: 'not_found',
  /** The payment looked up by id does not exist. */
  paymentNotFound: 'payment_not_found',
  /** An idempotency key (externalId) was reused with a different request. */
  idempotencyConflict: 'idempotency_conflict',
  /** The resource's state does not allow the change (cancel a paid payment, resolve a resolved transfer). */
  invalidTransition: 'invalid_transition',
  /** No trustworthy exchange rate for a fiat price right now (sources down, disagreeing or stale). */
  rateUnavailable: 'rate_unavailable',
} as const;

export type DomainErrorKindValue = (typeof DomainErrorKind)[keyof typeof DomainErrorKind];

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKindValue,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalidInput = (field: string, message: string): DomainError =>
  new DomainError(DomainErrorKind.invalidInput, `${field}: ${message}`, field);

export const notFound = (what: string): DomainError => new DomainError(DomainErrorKind.notFound, `${what} not found`);

export const paymentNotFound = (id: string): DomainError =>
  new DomainError(DomainErrorKind.paymentNotFound, `payment ${id} not found`, 'paymentId');

export const idempotencyConflict = (message: string, field: string): DomainError =>
  new DomainError(DomainErrorKind.idempotencyConflict, message, field);

export const invalidTransition = (message: string, field?: string): DomainError =>
  new DomainError(DomainErrorKind.invalidTransition, message, field);

/** `reason` says why, for the integrator: which sources failed, disagreed or went stale. */
export const rateUnavailable = (reason: string): DomainError =>
  new DomainError(DomainErrorKind.rateUnavailable, `no trustworthy exchange rate right now: ${reason}`, 'currency');
