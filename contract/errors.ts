/**
 * Error keys of the product's catalogue with the HTTP status each one usually comes with (Unknown is also an
 * upstream's 502). The dashboard translates
 * each key; `message` is an English fallback for API users and logs. The OpenAPI document lists, per status,
 * the keys an API user can meet. Zod-free: the dashboard and the widget read it without the schemas.
 */
export const ERROR_STATUS = {
  Unknown: 500,
  Forbidden: 403,
  FileTooLarge: 413,
  NoInternetConnection: 503, // the dashboard's own, when the browser is offline
  RegistrationFailed: 400,
  NoToken: 401,
  LanguageNotAvailable: 400,
  NoLanguageSelected: 400,
  ValidationFailed: 400,
  InvalidJson: 400,
  NotFound: 404,
  Unauthorized: 401,
  FeatureNotConfigured: 501,
  SubscriptionExpired: 403,
  PlanLimitReached: 403,
  UrlAlreadyAdded: 409,
  AlreadyRegistered: 409,
  EmailTaken: 409,
  UnsupportedMediaType: 415,
  RateLimited: 429,
  UpstreamFailed: 502,
  LanguageAlreadyAdded: 409,
  DefaultLanguageNotDeletable: 409,
  WebsiteNotReachable: 502,
  MessageQuotaReached: 429,
  OriginNotAllowed: 403,
  ServerBusy: 503, // answer work queue full, or the database connection lost: retry after Retry-After
  // training
  TrainingLimitReached: 403,
  NoValidUrlsFound: 400,
  NoDirectContent: 400,
  InvalidCron: 400,
  FileTypeNotSupported: 415,
  UrlLoadFailed: 400,
  QnaImportColumns: 400,
  QnaImportFailed: 400,
  // test questions
  TestQuestionImportColumns: 400,
  TestQuestionImportFailed: 400,
} as const satisfies Record<string, number>;

export type KnownErrorKey = keyof typeof ERROR_STATUS;
export const ERROR_KEYS = Object.keys(ERROR_STATUS) as KnownErrorKey[];
export type ErrorKey = KnownErrorKey | (string & {});

/** The keys that come with one status. */
export const errorKeysOf = (status: number): KnownErrorKey[] => ERROR_KEYS.filter((k) => ERROR_STATUS[k] === status);

/** A refused request's 400 ValidationFailed: its message and one detail per field, as the server and the mock answer. */
export const VALIDATION_FAILED_MESSAGE = 'Required fields missing or invalid';
export function validationDetails(issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code, message: i.message }));
}
