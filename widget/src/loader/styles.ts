/**
 * The loader's style sheet inside the shadow root. `:host` declarations marked !important win
 * over the host page's own !important rules (shadow cascade), and `all: initial` stops the
 * page's inherited fonts and colors from leaking in.
 */
export const LOADER_CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;z-index:2147483000!important;right:20px!important;left:auto!important;width:auto!important;height:auto!important;margin:0!important;padding:0!important;border:0!important;transform:none!important;visibility:visible!important;opacity:1!important;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif!important;color:var(--cb-text)!important}
:host([data-position=bottom]){bottom:20px!important;top:auto!important}
:host([data-position=top]){top:20px!important;bottom:auto!important}
:host([data-position=middle]){top:50%!important;bottom:auto!important;transform:translateY(-50%)!important}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
.toggle{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;gap:8px;min-width:56px;height:56px;padding:0 16px;cursor:pointer;border-radius:var(--cb-toggle-radius);background:var(--cb-button);color:#fff;box-shadow:0 4px 14px rgba(0,0,0,.25);font-weight:600;transition:transform .15s ease}
.toggle.icon{width:56px;padding:0}
.toggle:hover{transform:scale(1.05)}
.toggle:focus-visible{outline:3px solid var(--cb-header);outline-offset:3px}
.toggle[aria-expanded=true]{display:none}
.cta{position:absolute;right:0;bottom:68px;max-width:min(260px,80vw);padding:10px 14px;border-radius:var(--cb-radius);background:var(--cb-bg);color:var(--cb-text);box-shadow:0 4px 16px rgba(0,0,0,.2);animation:cb-pop .3s ease}
:host([data-position=top]) .cta{top:68px;bottom:auto}
:host([data-position=middle]) .cta{right:68px;bottom:auto;top:0}
@keyframes cb-pop{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important}}
`;
