import type { AppErrorCode } from '@club/shared/error-codes';

/**
 * A failure the user should read: an HTTP status, a stable code for programs, and a message key
 * of the server catalogue translated into the user's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: AppErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHENTICATED', 'common.unauthenticated');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'common.forbidden');
export const notFound = () => new AppError(404, 'NOT_FOUND', 'common.notFound');
export const conflict = (code: AppErrorCode, messageKey: string, params?: Record<string, unknown>) =>
  new AppError(409, code, messageKey, params);
/** A console save on an older version than the stored one (optimistic concurrency, docs/console.md). */
export const stale = () => new AppError(409, 'STALE', 'common.stale');
/** A 422 on one field, with a message key of the shared validation catalogue or the server's. */
export const invalidField = (field: string, messageKey: string, params?: Record<string, unknown>) =>
  new AppError(422, 'VALIDATION', 'common.validation', params, { [field]: [messageKey] });
