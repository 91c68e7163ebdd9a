import type { z } from 'zod';

// The catalogue lives in contract/ (the dashboard and the mock server read it too).
import { VALIDATION_FAILED_MESSAGE, validationDetails, type ErrorKey } from '../../contract/errors.ts';
export { ERROR_KEYS, type ErrorKey } from '../../contract/errors.ts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (key: ErrorKey, message: string, details?: unknown) => new AppError(400, key, message, details);
export const unauthorized = (message = 'Not authorized, please log in again') => new AppError(401, 'Unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'Forbidden', message);
export const notFound = (what = 'Record') => new AppError(404, 'NotFound', `${what} not found`);
export const conflict = (key: ErrorKey, message: string) => new AppError(409, key, message);
export const tooLarge = (message = 'File too large') => new AppError(413, 'FileTooLarge', message);
export const notConfigured = (feature: string) =>
  new AppError(501, 'FeatureNotConfigured', `Feature not configured: ${feature}`, { feature });
export const planLimit = (limit: string, max: number) =>
  new AppError(403, 'PlanLimitReached', `Your plan allows at most ${max} (${limit})`, { limit, max });

/** Bad input: a 400 ValidationFailed listing each field (the same for route schemas and parse()). */
export function validationFailed(issues: readonly z.core.$ZodIssue[]) {
  return badRequest('ValidationFailed', VALIDATION_FAILED_MESSAGE, validationDetails(issues));
}

/** Validates input against a schema; bad input becomes a 400 ValidationFailed listing each field. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw validationFailed(r.error.issues);
}
