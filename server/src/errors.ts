import type { z } from 'zod';

/**
 * Error keys of the product's catalogue. The dashboard translates each key;
 * `message` is an English fallback for API users and logs.
 */
export const ERROR_KEYS = [
  'Unknown',
  'Forbidden',
  'FileTooLarge',
  'NoInternetConnection',
  'RegistrationFailed',
  'NoToken',
  'LanguageNotAvailable',
  'NoLanguageSelected',
  'ValidationFailed',
  'InvalidJson',
  'NotFound',
  'Unauthorized',
  'FeatureNotConfigured',
  'SubscriptionExpired',
  'PlanLimitReached',
  'UrlAlreadyAdded',
  'AlreadyRegistered',
  'EmailTaken',
  'UnsupportedMediaType',
  'RateLimited',
  'UpstreamFailed',
  'LanguageAlreadyAdded',
  'DefaultLanguageNotDeletable',
  'WebsiteNotReachable',
  'MessageQuotaReached',
  'OriginNotAllowed',
  // training
  'TrainingLimitReached',
  'NoValidUrlsFound',
  'NoDirectContent',
  'InvalidCron',
  'FileTypeNotSupported',
  'UrlLoadFailed',
  'QnaImportColumns',
  'QnaImportFailed',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number] | (string & {});

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

/** Validates input against a schema; bad input becomes a 400 ValidationFailed listing each field. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const details = r.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
  throw badRequest('ValidationFailed', 'Required fields missing or invalid', details);
}
