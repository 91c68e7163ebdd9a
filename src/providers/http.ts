/**
 * The one fetch wrapper every API call goes through (spec section 8): bearer token on every call,
 * the admin's act-as header, NoInternetConnection while offline (nothing is sent), NoToken without a token,
 * and HTTP statuses mapped to the catalogue's keys. The server's { error, message } body is kept so the
 * notification can show the precise text.
 */
import { HttpError } from 'ra-core';

export type HttpErrorKey = 'Unknown' | 'Forbidden' | 'FileTooLarge' | 'NoInternetConnection' | 'NoToken';

/** 401 and 403 give Forbidden, 413 gives FileTooLarge, anything else Unknown. */
export function errorKeyForStatus(status: number): 'Forbidden' | 'FileTooLarge' | 'Unknown' {
  if (status === 401 || status === 403) return 'Forbidden';
  if (status === 413) return 'FileTooLarge';
  return 'Unknown';
}

export interface ServerErrorBody {
  error?: string;
  message?: string;
  details?: unknown;
}

export class ApiError extends HttpError {
  /** The catalogue key of the status mapping (or of the client-side check). */
  readonly key: HttpErrorKey;
  /** The server's own key and message, when it sent { error, message }. */
  readonly serverKey: string | null;
  readonly serverMessage: string | null;
  readonly details: unknown;

  constructor(key: HttpErrorKey, status: number, body: unknown = null, knownKeys: ReadonlySet<string> = new Set()) {
    const server = (body && typeof body === 'object' ? body : {}) as ServerErrorBody;
    const serverKey = typeof server.error === 'string' ? server.error : null;
    // The message is an i18n key: the server's precise key when the dashboard knows it, else the mapped one.
    const shownKey = serverKey && knownKeys.has(serverKey) ? serverKey : key;
    super(`errors.${shownKey}`, status, body);
    // ra-core's HttpError resets the prototype to its own; restore ours so `instanceof ApiError` holds.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
    this.key = key;
    this.serverKey = serverKey;
    this.serverMessage = typeof server.message === 'string' ? server.message : null;
    this.details = server.details;
  }
}

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
  /** The body as bytes, for responseType 'blob' (a file download); body and json are then empty. */
  blob?: Blob;
}

export interface HttpOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
  /** Public endpoints (/api/v1/public/*) are called without a token. */
  public?: boolean;
  /** 'blob' for a file (an xlsx would not survive being read as text); errors are read as JSON either way. */
  responseType?: 'json' | 'blob';
}

export interface HttpClientDeps {
  getToken: () => string | null | Promise<string | null>;
  /** The customer an admin is acting as (admin mode), sent as X-Act-As-User. */
  getActAsUser?: () => string | null;
  isOnline?: () => boolean;
  fetch?: typeof fetch;
  /** Server error keys the dashboard has texts for. */
  knownErrorKeys?: ReadonlySet<string>;
}

export const ACT_AS_HEADER = 'X-Act-As-User';

export function createHttpClient(deps: HttpClientDeps) {
  const isOnline = deps.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const known = deps.knownErrorKeys ?? new Set<string>();
  return async function httpClient<T = any>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
    if (!isOnline()) throw new ApiError('NoInternetConnection', 0, null, known);
    const { public: isPublic, headers: given, responseType, ...init } = options;
    const headers = new Headers(given);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (init.body !== undefined && typeof init.body === 'string' && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }
    if (!isPublic) {
      const token = await deps.getToken();
      if (!token) throw new ApiError('NoToken', 0, null, known);
      headers.set('Authorization', `Bearer ${token}`);
      const actAs = deps.getActAsUser?.();
      if (actAs) headers.set(ACT_AS_HEADER, actAs);
    }
    let response: Response;
    try {
      response = await (deps.fetch ?? fetch)(url, { ...init, headers });
    } catch {
      // The network failed under us (went offline mid-request, DNS, CORS): the browser gives no status.
      throw new ApiError(isOnline() ? 'Unknown' : 'NoInternetConnection', 0, null, known);
    }
    if (responseType === 'blob' && response.ok) return { status: response.status, headers: response.headers, body: '', json: null as T, blob: await response.blob() };
    const body = await response.text();
    let json: any;
    try {
      json = body ? JSON.parse(body) : null;
    } catch {
      json = null;
    }
    if (!response.ok) throw new ApiError(errorKeyForStatus(response.status), response.status, json ?? body, known);
    return { status: response.status, headers: response.headers, body, json };
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The notification text of a failed call: the i18n key the fetch wrapper chose. */
export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : 'errors.Unknown');
