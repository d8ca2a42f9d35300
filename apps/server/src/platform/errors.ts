import { LIMIT_ERROR_STATUS, Status } from '@pet/contract';

/**
 * Typed errors of the domain. Services throw these (they know nothing of HTTP frameworks); the one
 * error handler turns them into the spec's status code with the catalogue's translation key.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    message?: string,
    readonly field?: string,
  ) {
    super(message ?? key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, field?: string, message?: string) =>
  new AppError(Status.BadRequest, key, message, field);
export const unauthorized = (message = 'Not signed in') =>
  new AppError(Status.Unauthorized, 'Session_Expired_Text', message);
export const forbidden = (key = 'Forbidden_Text', message?: string) =>
  new AppError(Status.Forbidden, key, message);
/** Also the answer for another owner's id: existence is never revealed. */
export const notFound = (message = 'Not found') => new AppError(Status.NotFound, 'Not_Found_Text', message);
export const conflict = (key: string, message?: string) => new AppError(Status.Conflict, key, message);
/** A plan limit refused the request (pet-data section 8: limit messages come with status 500). */
export const limitReached = (key: string, message?: string) => new AppError(LIMIT_ERROR_STATUS, key, message);
export const withStatus = (status: number, key: string, message?: string) =>
  new AppError(status, key, message);
