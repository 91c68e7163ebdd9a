/** Texts of the identity provider's own pages: German is the default, English the alternative. */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const de = {
  htmlTitleSignIn: 'Anmelden · Chatbot Studio',
  htmlTitleSignUp: 'Registrieren · Chatbot Studio',
  signInTitle: 'Anmelden',
  signInSubtitle: 'Willkommen zurück bei Chatbot Studio.',
  signUpTitle: 'Konto erstellen',
  signUpSubtitle: 'Testen Sie Chatbot Studio {days} Tage kostenlos.',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  passwordRepeat: 'Passwort wiederholen',
  passwordHint: 'Mindestens 8 Zeichen; keine gängigen Passwörter und nicht Ihre E-Mail-Adresse',
  signInButton: 'Anmelden',
  signUpButton: 'Konto erstellen',
  noAccount: 'Noch kein Konto?',
  toSignUp: 'Jetzt registrieren',
  haveAccount: 'Bereits registriert?',
  toSignIn: 'Anmelden',
  language: 'Sprache',
  // One message for an unknown address and a wrong password: the page must not tell which addresses are registered.
  wrongCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  emailTaken: 'Diese E-Mail-Adresse ist bereits registriert. Bitte melden Sie sich an.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordTooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
  passwordTooLong: 'Das Passwort darf höchstens 256 Zeichen lang sein.',
  passwordCommon: 'Dieses Passwort ist weit verbreitet oder aus Datenlecks bekannt. Bitte wählen Sie ein anderes.',
  passwordContainsEmail: 'Das Passwort darf nicht aus Ihrer E-Mail-Adresse bestehen.',
  passwordGuessable: 'Dieses Passwort ist zu leicht zu erraten (Folge, Wiederholung, Tastaturmuster, gängiges Wort oder Wort mit Jahreszahl). Bitte wählen Sie ein längeres.',
  passwordMismatch: 'Die Passwörter stimmen nicht überein.',
  required: 'Bitte füllen Sie alle Felder aus.',
  tooManyAttempts: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  waitAfterFailures: 'Zu viele fehlgeschlagene Versuche. Bitte warten Sie {seconds} Sekunden und versuchen Sie es dann erneut.',
  registrationFailed: 'Registrierung fehlgeschlagen, bitte Seite neu laden und Support kontaktieren',
  errorTitle: 'Etwas ist schiefgelaufen',
  sessionExpired: 'Ihre Anmeldung ist abgelaufen oder wurde bereits abgeschlossen. Bitte starten Sie sie erneut.',
  signInFailed: 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
  backToApp: 'Zurück zu Chatbot Studio',
  signOutTitle: 'Abmelden',
  signingOut: 'Sie werden abgemeldet …',
  signOutButton: 'Abmelden',
  signedOutTitle: 'Abgemeldet',
  signedOut: 'Sie wurden erfolgreich abgemeldet.',
};

const en: typeof de = {
  htmlTitleSignIn: 'Sign in · Chatbot Studio',
  htmlTitleSignUp: 'Sign up · Chatbot Studio',
  signInTitle: 'Sign in',
  signInSubtitle: 'Welcome back to Chatbot Studio.',
  signUpTitle: 'Create account',
  signUpSubtitle: 'Try Chatbot Studio free for {days} days.',
  email: 'Email address',
  password: 'Password',
  passwordRepeat: 'Repeat password',
  passwordHint: 'At least 8 characters; no common passwords and not your email address',
  signInButton: 'Sign in',
  signUpButton: 'Create account',
  noAccount: 'No account yet?',
  toSignUp: 'Sign up now',
  haveAccount: 'Already registered?',
  toSignIn: 'Sign in',
  language: 'Language',
  wrongCredentials: 'Wrong email address or password.',
  emailTaken: 'This email address is already registered. Please sign in.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'The password must have at least 8 characters.',
  passwordTooLong: 'The password must have at most 256 characters.',
  passwordCommon: 'This password is common or known from data breaches. Please choose another one.',
  passwordContainsEmail: 'The password must not be made of your email address.',
  passwordGuessable: 'This password is too easy to guess (a sequence, repetition, keyboard pattern, common word or a word with a year). Please choose a longer one.',
  passwordMismatch: 'The passwords do not match.',
  required: 'Please fill in all fields.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  waitAfterFailures: 'Too many failed attempts. Please wait {seconds} seconds and try again.',
  registrationFailed: 'Registration failed, please reload the page and contact support',
  errorTitle: 'Something went wrong',
  sessionExpired: 'Your sign-in has expired or was already completed. Please start again.',
  signInFailed: 'Signing in could not be completed. Please try again.',
  backToApp: 'Back to Chatbot Studio',
  signOutTitle: 'Sign out',
  signingOut: 'Signing you out …',
  signOutButton: 'Sign out',
  signedOutTitle: 'Signed out',
  signedOut: 'You have been signed out.',
};

export type TextKey = keyof typeof de;
export const TEXTS: Record<Locale, typeof de> = { de, en };

export function t(locale: Locale, key: TextKey, vars: Record<string, string | number> = {}) {
  return TEXTS[locale][key].replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
}

const asLocale = (tag: string | undefined): Locale | null => {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : null;
};

/**
 * The page language: an explicit choice (the DE/EN switch), else the client's
 * ui_locales, else the browser's Accept-Language, else German.
 */
export function pickLocale(opts: { explicit?: unknown; uiLocales?: unknown; acceptLanguage?: string }): Locale {
  if (typeof opts.explicit === 'string' && asLocale(opts.explicit)) return asLocale(opts.explicit)!;
  if (typeof opts.uiLocales === 'string') {
    for (const tag of opts.uiLocales.split(/\s+/)) {
      const l = asLocale(tag);
      if (l) return l;
    }
  }
  const ranked = (opts.acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((e) => e.tag && e.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const l = asLocale(tag);
    if (l) return l;
  }
  return 'de';
}
