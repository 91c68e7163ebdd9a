/**
 * Training calls beyond ra-data-simple-rest (actions, uploads, downloads). They go through the dashboard's
 * one fetch wrapper, so the token, the admin's act-as header and the error mapping apply.
 */
import { API_URL, httpClient } from '../../providers/dataProvider.ts';
import { getAccessToken, getActAsUser } from '../../providers/authProvider.ts';
import { ACT_AS_HEADER, ApiError, errorKeyForStatus } from '../../providers/http.ts';
import { ERROR_KEYS } from '../../../server/src/errors.ts';

export const api = {
  get: async <T>(path: string) => (await httpClient<T>(`${API_URL}/${path}`)).json,
  post: async <T>(path: string, body?: unknown) =>
    (await httpClient<T>(`${API_URL}/${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) })).json,
  put: async <T>(path: string, body: unknown) => (await httpClient<T>(`${API_URL}/${path}`, { method: 'PUT', body: JSON.stringify(body) })).json,
  del: async <T>(path: string) => (await httpClient<T>(`${API_URL}/${path}`, { method: 'DELETE' })).json,
  /** multipart/form-data: the browser sets the boundary. */
  upload: async <T>(path: string, form: FormData) => (await httpClient<T>(`${API_URL}/${path}`, { method: 'POST', body: form })).json,
};

/** Query string of a scoped filter, as the list endpoints read it. */
export const filterQuery = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/**
 * A binary download (the fetch wrapper reads bodies as text, which would break an xlsx), with the same
 * headers and the same error mapping; the file is handed to the browser under FILE_NAME.
 */
export async function downloadFile(path: string, fileName: string) {
  const headers = new Headers();
  const token = await getAccessToken();
  if (!token) throw new ApiError('NoToken', 0);
  headers.set('Authorization', `Bearer ${token}`);
  const actAs = getActAsUser();
  if (actAs) headers.set(ACT_AS_HEADER, actAs);
  const res = await fetch(`${API_URL}/${path}`, { headers });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(errorKeyForStatus(res.status), res.status, body, new Set<string>(ERROR_KEYS));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The notification text of a failed call: the i18n key the fetch wrapper chose. */
export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : 'errors.Unknown');
