/** The chat panel's styles; colors and rounding come from CSS custom properties on the host. */
export const CHAT_CSS = `
[hidden]{display:none!important}
.lead-slot{display:flex;flex-direction:column;flex:1;min-height:0}
.panel{position:fixed;right:20px;bottom:20px;width:380px;max-width:calc(100vw - 16px);height:min(620px,calc(100vh - 40px));display:flex;flex-direction:column;background:var(--cb-bg);color:var(--cb-text);border-radius:var(--cb-radius);box-shadow:0 8px 32px rgba(0,0,0,.28);overflow:hidden;transition:opacity .2s ease,transform .2s ease}
.panel[hidden]{display:none}
:host([data-position=top]) .panel{top:20px;bottom:auto}
:host([data-position=middle]) .panel{top:50%;bottom:auto;transform:translateY(-50%)}
.panel.expanded{width:min(720px,calc(100vw - 16px));height:calc(100vh - 40px)}
@media (max-width:480px){.panel,.panel.expanded{right:0;left:0;top:0;bottom:0;width:100vw;max-width:100vw;height:100%;border-radius:0;transform:none}:host([data-position=middle]) .panel{transform:none;top:0}}
header{display:flex;align-items:center;gap:8px;padding:12px 14px;background:var(--cb-header);color:#fff}
header h2{flex:1;margin:0;font-size:16px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.icon-btn{all:unset;display:inline-flex;align-items:center;justify-content:center;min-width:36px;height:36px;padding:0 6px;border-radius:8px;cursor:pointer;color:inherit;font-size:13px;gap:4px}
.icon-btn:hover{background:rgba(255,255,255,.15)}
.icon-btn:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid var(--cb-send);outline-offset:2px}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px;overscroll-behavior:contain}
.intro h3{margin:0 0 4px;font-size:17px}.intro p{margin:0;opacity:.8;font-size:14px}
.notice{padding:8px 10px;border-radius:8px;background:#fff4d6;color:#5b4300;font-size:13px}
.msg{max-width:88%;padding:9px 12px;border-radius:var(--cb-radius);white-space:pre-wrap;overflow-wrap:anywhere}
.msg.bot{align-self:flex-start;background:var(--cb-messages);color:var(--cb-text)}
.msg.visitor{align-self:flex-end;background:var(--cb-send);color:#fff}
.msg.error{align-self:stretch;max-width:100%;background:#fde8e8;color:#7a1010}
.msg a{color:inherit;text-decoration:underline}
.sources{margin-top:8px;font-size:13px}.sources-title{font-weight:600}.sources ul{margin:2px 0 0;padding-left:18px}
.contact{margin-top:8px;padding:8px;border-radius:8px;background:var(--cb-bg);font-size:14px}
.typing{align-self:flex-start;padding:9px 12px;border-radius:var(--cb-radius);background:var(--cb-messages)}
.typing span{display:inline-block;width:6px;height:6px;margin:0 2px;border-radius:50%;background:currentColor;animation:cb-blink 1.2s infinite}
.typing span:nth-child(2){animation-delay:.2s}.typing span:nth-child(3){animation-delay:.4s}
@keyframes cb-blink{0%,80%,100%{opacity:.2}40%{opacity:1}}
.chips{display:flex;flex-wrap:wrap;gap:6px;padding:0 14px 8px}
.chip{all:unset;cursor:pointer;padding:6px 10px;border:1px solid var(--cb-border);border-radius:999px;font-size:13px;background:var(--cb-bg);color:var(--cb-text)}
.chip:hover{background:var(--cb-muted)}
form.composer{display:flex;gap:8px;padding:10px;border-top:1px solid var(--cb-border)}
textarea{flex:1;resize:none;min-height:40px;max-height:120px;padding:9px 10px;border:1px solid var(--cb-border);border-radius:calc(var(--cb-radius) / 2);background:var(--cb-bg);color:var(--cb-text);font:inherit}
.send{all:unset;display:inline-flex;align-items:center;justify-content:center;width:42px;height:42px;border-radius:calc(var(--cb-radius) / 2);background:var(--cb-send);color:#fff;cursor:pointer}
.send:disabled{opacity:.5;cursor:default}
form.lead{display:flex;flex-direction:column;gap:10px;padding:14px;overflow-y:auto;flex:1}
form.lead h3{margin:0;font-size:16px}
.field label{display:block;font-size:13px;margin-bottom:3px}
.field input{width:100%;padding:8px 10px;border:1px solid var(--cb-border);border-radius:8px;background:var(--cb-bg);color:var(--cb-text);font:inherit}
.field input[aria-invalid=true]{border-color:#c62828}
.err{color:#c62828;font-size:12px;margin-top:2px}
.consent{display:flex;gap:8px;align-items:flex-start;font-size:13px}
.actions{display:flex;gap:8px;justify-content:flex-end}
.btn{all:unset;cursor:pointer;padding:8px 14px;border-radius:8px;background:var(--cb-send);color:#fff;font-weight:600}
.btn.secondary{background:transparent;color:var(--cb-text);border:1px solid var(--cb-border)}
footer{padding:4px 10px 8px;text-align:center;font-size:11px;opacity:.7}
footer a{color:inherit}
.feedback{align-self:flex-start;display:flex;flex-direction:column;gap:4px;margin-top:-4px;font-size:13px;max-width:88%}
.thumbs{display:flex;gap:4px}
.thumb{all:unset;display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:8px;cursor:pointer;color:var(--cb-text);border:1px solid var(--cb-border)}
.thumb.down svg{transform:rotate(180deg)}
.thumb:hover{background:var(--cb-muted)}
.thumb[aria-pressed=true]{background:var(--cb-send);border-color:var(--cb-send);color:#fff}
.fb-form{display:flex;flex-direction:column;gap:6px}
.fb-form textarea{min-height:0;width:260px;max-width:calc(100vw - 60px);font-size:13px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important}}
`;
