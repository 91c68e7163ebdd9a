/** The server's public configuration for the dashboard: identity provider settings and links. */
export interface AppConfig {
  oidc: { authority: string; clientId: string; scope: string; resource?: string };
  meetingUrl: string | null;
  /** SALES_EMAIL: the address a customer writes to for another plan. */
  salesEmail?: string | null;
  publicUrl: string;
  /** The server's document upload limit (MAX_UPLOAD_MB). */
  maxUploadBytes?: number;
}

let pending: Promise<AppConfig> | null = null;

/** Loaded once per page; a failure is not cached so the next attempt retries. */
export function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  pending ??= (async () => {
    const res = await fetchImpl('/api/v1/public/app-config', { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`app-config: HTTP ${res.status}`);
    return (await res.json()) as AppConfig;
  })().catch((e) => {
    pending = null;
    throw e;
  });
  return pending;
}
