import { ErrorCode, type ErrorBody, type ErrorCodeValue } from '../../contract/errors';

// The codes and the body are part of the wire contract; the server's modules keep importing them from here.
export { ErrorCode, type ErrorBody, type ErrorCodeValue };

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

export function errorBody(code: ErrorCodeValue, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

export const notFound = (what: string): AppError => new AppError(404, ErrorCode.notFound, `${what} not found`);

/** The chain (and its watcher) is still opening, or restarting in place on another wallet. */
export const chainNotOpen = (): AppError =>
  new AppError(503, ErrorCode.chainUnavailable, 'the chain is not open yet; try again shortly');
