import { t, type Locale } from './i18n.ts';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The identity provider's pages carry their own Content-Security-Policy: no scripts
 * (except the sign-out page's nonce'd auto-submit), inline styles, and forms that
 * may only post to this server and be redirected on to the dashboard.
 */
export function pageCsp(formTargets: string[], scriptNonce?: string) {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${[...new Set(formTargets)].join(' ')}`.trim(),
    scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2933;background:#f3f5f9;display:flex;flex-direction:column;align-items:center}
header{width:100%;max-width:440px;display:flex;justify-content:space-between;align-items:center;padding:24px 16px 12px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;color:#1f2933;text-decoration:none}
.brand svg{flex:none}
nav.lang{font-size:14px}
nav.lang a{color:#52606d;text-decoration:none;padding:4px 6px;border-radius:6px}
nav.lang a[aria-current=true]{color:#1a56db;font-weight:700;background:#e1ebfd}
main{width:100%;max-width:440px;padding:0 16px 32px}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(15,23,42,.08),0 8px 24px rgba(15,23,42,.06);padding:28px 24px}
h1{font-size:24px;line-height:1.25;margin:0 0 4px}
.sub{color:#52606d;margin:0 0 20px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input{width:100%;font:inherit;padding:11px 12px;border:1px solid #cbd2d9;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:2px solid #1a56db;outline-offset:1px;border-color:#1a56db}
.hint{font-size:13px;color:#52606d;margin:4px 0 0}
button{width:100%;margin-top:22px;padding:12px;border:0;border-radius:8px;background:#1a56db;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1647b8}
.alert{border-radius:8px;padding:10px 12px;margin:0 0 8px;background:#fdecec;color:#9b1c1c;border:1px solid #f8c4c4}
.switch{text-align:center;margin:20px 0 0;color:#52606d;font-size:15px}
a{color:#1a56db}
@media (max-width:420px){.card{padding:22px 16px}h1{font-size:22px}}
`;

const LOGO = `<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#1a56db"/><path d="M8 10.5A2.5 2.5 0 0 1 10.5 8h11A2.5 2.5 0 0 1 24 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4A2.5 2.5 0 0 1 8 17.5z" fill="#fff"/><circle cx="12.5" cy="14" r="1.4" fill="#1a56db"/><circle cx="16" cy="14" r="1.4" fill="#1a56db"/><circle cx="19.5" cy="14" r="1.4" fill="#1a56db"/></svg>`;

/** The frame every page shares: brand, DE/EN switch, one card. */
export function layout(opts: {
  locale: Locale;
  title: string;
  body: string;
  homeUrl: string;
  /** Builds the address of this page in another language; no switch when absent. */
  langHref?: (l: Locale) => string;
  head?: string;
}) {
  const { locale } = opts;
  const lang = opts.langHref
    ? `<nav class="lang" aria-label="${escapeHtml(t(locale, 'language'))}">${(['de', 'en'] as const)
        .map((l) => `<a href="${escapeHtml(opts.langHref!(l))}" hreflang="${l}" lang="${l}" aria-current="${l === locale}">${l.toUpperCase()}</a>`)
        .join(' ')}</nav>`
    : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)}</title>
<style>${STYLE}</style>
${opts.head ?? ''}
</head>
<body>
<header><a class="brand" href="${escapeHtml(opts.homeUrl)}">${LOGO}<span>Chatbot Studio</span></a>${lang}</header>
<main><div class="card">${opts.body}</div></main>
</body>
</html>`;
}

const alert = (message?: string) => (message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '');

export function signInPage(opts: {
  locale: Locale;
  action: string;
  signUpHref: string;
  langHref: (l: Locale) => string;
  homeUrl: string;
  email?: string;
  error?: string;
}) {
  const { locale: l } = opts;
  const body = `
<h1>${escapeHtml(t(l, 'signInTitle'))}</h1>
<p class="sub">${escapeHtml(t(l, 'signInSubtitle'))}</p>
${alert(opts.error)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="lang" value="${l}">
<label for="email">${escapeHtml(t(l, 'email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email)}"${opts.email ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t(l, 'password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${opts.email ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t(l, 'signInButton'))}</button>
</form>
<p class="switch">${escapeHtml(t(l, 'noAccount'))} <a href="${escapeHtml(opts.signUpHref)}">${escapeHtml(t(l, 'toSignUp'))}</a></p>`;
  return layout({ locale: l, title: t(l, 'htmlTitleSignIn'), body, homeUrl: opts.homeUrl, langHref: opts.langHref });
}

export function signUpPage(opts: {
  locale: Locale;
  action: string;
  signInHref: string;
  langHref: (l: Locale) => string;
  homeUrl: string;
  trialDays: number;
  email?: string;
  error?: string;
}) {
  const { locale: l } = opts;
  const body = `
<h1>${escapeHtml(t(l, 'signUpTitle'))}</h1>
<p class="sub">${escapeHtml(t(l, 'signUpSubtitle', { days: opts.trialDays }))}</p>
${alert(opts.error)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="lang" value="${l}">
<label for="email">${escapeHtml(t(l, 'email'))}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(opts.email)}"${opts.email ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t(l, 'password'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required aria-describedby="password-hint"${opts.email ? ' autofocus' : ''}>
<p class="hint" id="password-hint">${escapeHtml(t(l, 'passwordHint'))}</p>
<label for="password2">${escapeHtml(t(l, 'passwordRepeat'))}</label>
<input id="password2" name="password2" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">${escapeHtml(t(l, 'signUpButton'))}</button>
</form>
<p class="switch">${escapeHtml(t(l, 'haveAccount'))} <a href="${escapeHtml(opts.signInHref)}">${escapeHtml(t(l, 'toSignIn'))}</a></p>`;
  return layout({ locale: l, title: t(l, 'htmlTitleSignUp'), body, homeUrl: opts.homeUrl, langHref: opts.langHref });
}

export function messagePage(opts: { locale: Locale; title: string; message: string; homeUrl: string; detail?: string }) {
  const { locale: l } = opts;
  const body = `
<h1>${escapeHtml(opts.title)}</h1>
<p class="sub">${escapeHtml(opts.message)}</p>
${opts.detail ? `<p class="hint">${escapeHtml(opts.detail)}</p>` : ''}
<p class="switch"><a href="${escapeHtml(opts.homeUrl)}">${escapeHtml(t(l, 'backToApp'))}</a></p>`;
  return layout({ locale: l, title: `${opts.title} · Chatbot Studio`, body, homeUrl: opts.homeUrl });
}

/** oidc-provider's end-session confirmation, submitted at once: signing out needs no extra click. */
export function signOutPage(opts: { locale: Locale; form: string; nonce: string; homeUrl: string }) {
  const { locale: l } = opts;
  const body = `
<h1>${escapeHtml(t(l, 'signOutTitle'))}</h1>
<p class="sub">${escapeHtml(t(l, 'signingOut'))}</p>
${opts.form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t(l, 'signOutButton'))}</button>`;
  const head = `<script nonce="${opts.nonce}">
addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  var yes = document.createElement('input');
  yes.type = 'hidden'; yes.name = 'logout'; yes.value = 'yes';
  form.appendChild(yes);
  form.submit();
});
</script>`;
  return layout({ locale: l, title: `${t(l, 'signOutTitle')} · Chatbot Studio`, body, homeUrl: opts.homeUrl, head });
}
