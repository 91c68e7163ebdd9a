/**
 * What playwright.config.ts sets up for the whole run: one real server on a temporary data folder,
 * with an operator account seeded from E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD.
 */
export const e2e = {
  get baseURL() {
    return required('E2E_BASE_URL');
  },
  get dataDir() {
    return required('E2E_DATA_DIR');
  },
  get adminEmail() {
    return required('E2E_ADMIN_EMAIL');
  },
  get adminPassword() {
    return required('E2E_ADMIN_PASSWORD');
  },
};

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through playwright.config.ts (npm run test:e2e)`);
  return v;
}

/** A fresh address per call, so tests never collide on the shared server. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export const PASSWORD = 'correct horse battery';
