import type { register as en } from '../en/register.ts';
import type { MessagesOf } from '../types.ts';
export const register: MessagesOf<typeof en> = {
  title: 'Registrierung',
  steps: { login: 'Anmeldedaten', personal: 'Persönliche Daten', website: 'Webseite trainieren', start: 'Loslegen' },
};
