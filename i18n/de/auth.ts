import type { auth as en } from '../en/auth.ts';
import type { MessagesOf } from '../types.ts';

export const auth: MessagesOf<typeof en> = {
  signingIn: 'Sie werden angemeldet...',
  callbackFailed: 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
  emailNotRegistered: 'E-Mail-Adresse nicht registriert',
  wrongPassword: 'Falsches Passwort',
  logout: 'Abmelden',
};
