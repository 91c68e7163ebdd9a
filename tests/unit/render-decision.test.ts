import { describe, expect, it } from 'vitest';
import { analyzeForRender, decideRender, renderedIsBetter, shouldRender, THIN_WORDS } from '../../server/src/training/render.ts';

const URL_ = 'https://www.example.test/seite.html';
const LONG = Array.from({ length: 60 }, (_, i) => `Wort${i}`).join(' ');
const page = (body: string, head = '') => `<!doctype html><html lang="de"><head><title>T</title>${head}</head><body>${body}</body></html>`;
const GTM = `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-XXXX');</script>`;
const GTAG = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','G-1');</script>`;

describe('when a page is rendered', () => {
  it('never without a script that could write content', () => {
    expect(shouldRender(page('<main><p>Kurz.</p></main>'), 'Kurz.', URL_).render).toBe(false);
    // tracking snippets and third-party files only: the renderer would not run them anyway
    expect(analyzeForRender(page(`<main><p>Kurz.</p><div id="liste"></div></main>${GTM}`, GTAG), URL_)).toBeNull();
    expect(shouldRender(page('<div id="root"></div><script src="https://cdn.example.org/app.js"></script>'), '', URL_).render).toBe(false);
    // data, not code
    expect(analyzeForRender(page('<main><p>Kurz.</p></main><script type="application/ld+json">{"@type":"Hotel","name":"x"}</script>'), URL_)).toBeNull();
  });

  it('leaves an ordinary page with analytics and a same-site library alone', () => {
    const html = page(`<header><div id="mobile-menu"></div></header><main><h1>Zimmer</h1><p>${LONG}</p><div id="map"></div></main>${GTM}<script src="/wp-includes/js/jquery/jquery.min.js"></script>`, GTAG);
    const d = shouldRender(html, LONG, URL_, new Map([['https://www.example.test/wp-includes/js/jquery/jquery.min.js', 'jQuery.fn.html=function(){}; innerHTML appendChild']]));
    expect(d).toEqual({ render: false, reason: null, needScripts: [] });
  });

  it("renders a framework's empty root", () => {
    const html = page('<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script type="module" src="/assets/index-3f2a.js"></script>');
    expect(shouldRender(html, '', URL_)).toMatchObject({ render: true, reason: 'frameworkRoot' });
    expect(shouldRender(page('<div id="app"><div class="spinner"></div></div><script src="/js/app.js"></script>'), '', URL_).reason).toBe('frameworkRoot');
  });

  it('renders content that says it needs JavaScript, but not a site-wide banner', () => {
    const inContent = page(`<main><h1>Termine</h1><p>${LONG}</p><div class="kalender"></div><noscript><p>Bitte aktivieren Sie JavaScript, um den Kalender zu sehen.</p></noscript></main><script src="/js/site.js"></script>`);
    expect(shouldRender(inContent, LONG, URL_)).toMatchObject({ render: true, reason: 'noscript' });
    const banner = page(`<noscript><div class="warn">This site works best with JavaScript enabled.</div></noscript><main><h1>About</h1><p>${LONG}</p></main><script src="/js/site.js"></script>`);
    expect(shouldRender(banner, LONG, URL_, new Map([['https://www.example.test/js/site.js', 'document.body.classList.add("js")']])).render).toBe(false);
    // a tracking pixel in noscript is no notice
    expect(shouldRender(page(`<main><p>${LONG}</p></main><noscript><img src="/px.gif"></noscript><script src="/js/site.js"></script>`), LONG, URL_, new Map([['https://www.example.test/js/site.js', '']])).render).toBe(false);
  });

  it('renders a "loading…" placeholder, not a sentence that merely contains the word', () => {
    const loading = page(`<main><h1>Veranstaltungen</h1><p>${LONG}</p><div id="liste"><p class="laden">Termine werden geladen …</p></div></main><script src="/js/site.js"></script>`);
    expect(shouldRender(loading, LONG, URL_)).toMatchObject({ render: true, reason: 'loading' });
    expect(shouldRender(page(`<main><p>${LONG}</p><div class="list">Loading...</div></main><script src="/a.js"></script>`), LONG, URL_).reason).toBe('loading');
    const prose = page(`<main><h1>Terrasse</h1><p>Die Terrasse lädt zum Verweilen ein.</p><p>${LONG}</p></main><script src="/js/site.js"></script>`);
    expect(shouldRender(prose, LONG, URL_, new Map([['https://www.example.test/js/site.js', '']])).render).toBe(false);
  });

  it('renders an empty box that a same-site script fills, after looking at that script', () => {
    const html = page(`<main><h1>Veranstaltungen</h1><p>${LONG}</p><ul id="event-list"></ul></main><script src="/js/events.js"></script>`);
    const first = shouldRender(html, LONG, URL_);
    expect(first).toEqual({ render: false, reason: null, needScripts: ['https://www.example.test/js/events.js'] });
    const fills = "fetch('/data/events.json').then(r => r.json()).then(l => { document.getElementById('event-list').innerHTML = l.map(e => '<li>' + e.t + '</li>').join(''); });";
    expect(shouldRender(html, LONG, URL_, new Map([['https://www.example.test/js/events.js', fills]]))).toMatchObject({ render: true, reason: 'scriptTarget' });
    // a script that does not name the box: no render, nothing more to fetch
    expect(shouldRender(html, LONG, URL_, new Map([['https://www.example.test/js/events.js', 'console.log(1)']]))).toEqual({ render: false, reason: null, needScripts: [] });
  });

  it('renders an empty box named by an inline script (id or class selector)', () => {
    const byClass = page(`<main><p>${LONG}</p><section class="termine"></section></main><script>document.querySelector('main .termine').innerHTML = '<p>x</p>';</script>`);
    expect(shouldRender(byClass, LONG, URL_).reason).toBe('scriptTarget');
    const byId = page(`<main><p>${LONG}</p><div id="preise"></div></main><script>var el = document.getElementById("preise"); el.textContent = 'ab 89 Euro';</script>`);
    expect(shouldRender(byId, LONG, URL_).reason).toBe('scriptTarget');
    // an empty box inside the navigation is no content
    const nav = page(`<nav><ul id="menu-items"></ul></nav><main><p>${LONG}</p></main><script>document.getElementById('menu-items').innerHTML = '<li>x</li>';</script>`);
    expect(shouldRender(nav, LONG, URL_).render).toBe(false);
  });

  it('renders a thin page only when one of its scripts writes into the page', () => {
    const thin = 'Kontakt Telefon 0800 123';
    expect(THIN_WORDS).toBeGreaterThan(4);
    const html = page(`<main><h1>Kontakt</h1><p>Telefon 0800 123</p></main><script src="/js/site.js"></script>`);
    const site = 'https://www.example.test/js/site.js';
    expect(shouldRender(html, thin, URL_).needScripts).toEqual([site]);
    expect(shouldRender(html, thin, URL_, new Map([[site, "document.getElementById('cookie-consent').classList.add('hidden')"]])).render).toBe(false);
    expect(shouldRender(html, thin, URL_, new Map([[site, 'const root = createRoot(document.body); root.render(App)']]))).toMatchObject({ render: true, reason: 'thin' });
    const inline = page(`<main><h1>Kontakt</h1></main><script>document.querySelector('main').insertAdjacentHTML('beforeend', '<p>Telefon</p>')</script>`);
    expect(shouldRender(inline, 'Kontakt', URL_).reason).toBe('thin');
  });

  it('takes the rendered text only when it clearly says more', () => {
    expect(renderedIsBetter('a b c d e f g h i j', 'a b c d e f g h i j k')).toBe(false);
    expect(renderedIsBetter('a b c d e f g h i j', `a b c d e f g h i j ${LONG}`)).toBe(true);
    expect(renderedIsBetter('', 'eins zwei drei vier fünf sechs')).toBe(true);
    expect(renderedIsBetter(LONG, LONG)).toBe(false);
  });

  it('decideRender without an analysis is a no', () => {
    expect(decideRender(null, '')).toEqual({ render: false, reason: null, needScripts: [] });
  });
});
