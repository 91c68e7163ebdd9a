/**
 * HTML → structured lines (structure.ts, through extract.ts): headings with their level, table rows
 * that stand alone, FAQ questions as headings above their answers, hidden text and page furniture left out.
 */
import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { isHidden, isQuestion, rowText, structuredText } from '../../server/src/training/structure.ts';
import { extractPage } from '../../server/src/training/extract.ts';

type StructNode = Parameters<typeof structuredText>[0];

/** Structured lines of a body fragment, without extractPage's furniture removal. */
function lines(bodyHtml: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${bodyHtml}</body></html>`);
  return structuredText(document.body as unknown as StructNode).split('\n');
}

const page = (main: string, extra = '') => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Hotel Seeblick</title></head>
<body>${extra}<main>${main}</main></body></html>`;

describe('headings', () => {
  it('keeps headings with one # per level, in reading order, and paragraphs as plain lines', () => {
    expect(lines('<h1>Hotel</h1><p>Willkommen am See.</p><h2>Zimmer</h2><h3>Suiten</h3><p>Mit Balkon.</p><h2>Lage</h2>')).toEqual([
      '# Hotel',
      'Willkommen am See.',
      '## Zimmer',
      '### Suiten',
      'Mit Balkon.',
      '## Lage',
    ]);
  });

  it('squashes spaces inside a heading and a <br> starts a new paragraph line', () => {
    expect(lines('<h2>  Anreise \t und &nbsp;  Abreise </h2><p>Hauptstraße 5<br>12345 Seedorf</p>')).toEqual([
      '## Anreise und Abreise',
      'Hauptstraße 5',
      '12345 Seedorf',
    ]);
  });
});

describe('tables', () => {
  it('a two-column row becomes "Label: value", each row its own line', () => {
    const out = lines(`<h2>Öffnungszeiten</h2><table>
      <tr><td>Montag</td><td>8:00–18:00 Uhr</td></tr>
      <tr><td>Samstag</td><td>9:00–13:00 Uhr</td></tr></table>`);
    expect(out).toEqual(['## Öffnungszeiten', '| Montag: 8:00–18:00 Uhr', '| Samstag: 9:00–13:00 Uhr']);
  });

  it('a two-column table with a header row still reads "Label: value" (the header is not repeated)', () => {
    const out = lines('<table><tr><th>Tag</th><th>Zeit</th></tr><tr><td>Sonntag</td><td>geschlossen</td></tr></table>');
    expect(out).toEqual(['| Sonntag: geschlossen']);
  });

  it('a table of three or more columns with a header row names every value by its column: "Label – H2: v2; H3: v3"', () => {
    const out = lines(`<table><thead><tr><th>Zimmer</th><th>Nebensaison</th><th>Hauptsaison</th></tr></thead>
      <tbody><tr><td>Einzelzimmer</td><td>80 €</td><td>95 €</td></tr>
      <tr><td>Doppelzimmer</td><td>120 €</td><td>150 €</td></tr></tbody></table>`);
    expect(out).toEqual([
      '| Einzelzimmer – Nebensaison: 80 €; Hauptsaison: 95 €',
      '| Doppelzimmer – Nebensaison: 120 €; Hauptsaison: 150 €',
    ]);
  });

  it('a header row in tbody (no thead) is recognised as the first row of th cells', () => {
    const out = lines(`<table><tr><th>Kurs</th><th>Dauer</th><th>Preis</th></tr>
      <tr><td>Yoga</td><td>60 min</td><td>15 €</td></tr></table>`);
    expect(out).toEqual(['| Yoga – Dauer: 60 min; Preis: 15 €']);
  });

  it('an empty value cell is left out rather than shown with an empty header', () => {
    const out = lines(`<table><tr><th>Angebot</th><th>Erwachsene</th><th>Kinder</th></tr>
      <tr><td>Massage</td><td>39 €</td><td></td></tr></table>`);
    expect(out).toEqual(['| Massage – Erwachsene: 39 €']);
  });

  it('a <br> inside a cell keeps the cell on its row line (joined with a comma)', () => {
    const out = lines('<table><tr><td>Samstag</td><td>9:00–12:00<br>14:00–18:00 Uhr</td></tr></table>');
    expect(out).toEqual(['| Samstag: 9:00–12:00, 14:00–18:00 Uhr']);
  });

  it('a caption becomes a heading one level below the current section, above the rows', () => {
    const out = lines(`<h2>Wellness</h2><table><caption>Sauna</caption>
      <tr><td>Täglich</td><td>14–21 Uhr</td></tr></table><h2>Restaurant</h2>`);
    expect(out).toEqual(['## Wellness', '### Sauna', '| Täglich: 14–21 Uhr', '## Restaurant']);
  });

  it('rowText without headers joins the values after the label', () => {
    expect(rowText(['Sauna', '14 Uhr', '21 Uhr'], null)).toBe('Sauna – 14 Uhr; 21 Uhr');
    expect(rowText(['Sauna', '14 Uhr'], null)).toBe('Sauna: 14 Uhr');
    expect(rowText(['Nur ein Label'], null)).toBe('Nur ein Label');
    expect(rowText(['', '5 €', '7 €'], ['', 'Klein', 'Groß'])).toBe('Klein: 5 €; Groß: 7 €');
  });

  it("a two-column row keeps its value column's header where it says more than the kind of value", () => {
    expect(rowText(['ab 1. Januar 2027', '2,52 €'], ['Zeitraum', 'Preis pro m³'])).toBe('ab 1. Januar 2027 – Preis pro m³: 2,52 €');
    expect(rowText(['Kletterschuhe', '4,50 €'], ['Ausrüstung', 'Leihgebühr pro Besuch'])).toBe('Kletterschuhe – Leihgebühr pro Besuch: 4,50 €');
    // "Preis", "Gebühr", "Öffnungszeiten" only say what kind of value follows: every row of the table would match "was kostet" by them.
    expect(rowText(['Sauna', '12 €'], ['Leistung', 'Preis'])).toBe('Sauna: 12 €');
    expect(rowText(['bis 14 Tage vorher', '25 %'], ['Zeitraum', 'Gebühr'])).toBe('bis 14 Tage vorher: 25 %');
    expect(rowText(['Montag', '9–18 Uhr'], ['Tag', 'Öffnungszeiten'])).toBe('Montag: 9–18 Uhr');
  });
});

describe('FAQ markup becomes a question heading followed by its answer', () => {
  it('dl: dt is the question heading, dd the answer', () => {
    const out = lines(`<h2>Häufige Fragen</h2><dl>
      <dt>Sind Hunde erlaubt?</dt><dd>Ja, gegen 10 € pro Nacht.</dd>
      <dt>Gibt es Parkplätze?</dt><dd><p>Ja, hinter dem Haus.</p></dd></dl>`);
    expect(out).toEqual(['## Häufige Fragen', '### Sind Hunde erlaubt?', 'Ja, gegen 10 € pro Nacht.', '### Gibt es Parkplätze?', 'Ja, hinter dem Haus.']);
  });

  it('a dt without a dd keeps its heading and the next dt starts a new question', () => {
    const out = lines('<h1>FAQ</h1><dl><dt>Gibt es WLAN?</dt><dt>Wann ist Check-in?</dt><dd>Ab 15 Uhr.</dd></dl>');
    expect(out).toEqual(['# FAQ', '## Gibt es WLAN?', '## Wann ist Check-in?', 'Ab 15 Uhr.']);
  });

  it('details/summary: the summary is the question heading, the rest its answer', () => {
    const out = lines('<h2>FAQ</h2><details><summary>Gibt es WLAN?</summary><p>Ja, kostenlos im ganzen Haus.</p></details>');
    expect(out).toEqual(['## FAQ', '### Gibt es WLAN?', 'Ja, kostenlos im ganzen Haus.']);
  });

  it('a paragraph opening with a bold question is split into the question heading and the answer', () => {
    const out = lines('<h2>FAQ</h2><p><strong>Wann ist Check-out?</strong> Bis 11 Uhr am Abreisetag.</p>');
    expect(out).toEqual(['## FAQ', '### Wann ist Check-out?', 'Bis 11 Uhr am Abreisetag.']);
  });

  it('a bold lead that is not a question stays part of the paragraph', () => {
    const out = lines('<h2>Hinweis</h2><p><b>Wichtig:</b> Bitte bringen Sie Badeschuhe mit.</p>');
    expect(out).toEqual(['## Hinweis', 'Wichtig: Bitte bringen Sie Badeschuhe mit.']);
  });

  it('isQuestion: ends with a question mark and is at most 200 characters', () => {
    expect(isQuestion('Gibt es Parkplätze?')).toBe(true);
    expect(isQuestion('Gibt es Parkplätze? ')).toBe(true);
    expect(isQuestion('Parkplätze gibt es.')).toBe(false);
    expect(isQuestion(`${'x'.repeat(200)}?`)).toBe(false);
  });
});

describe('lists', () => {
  it('list items become "- item" lines, nested lists follow their parent item', () => {
    const out = lines('<p>Im Preis enthalten:</p><ul><li>Frühstück</li><li>Sauna<ul><li>Bademantel</li></ul></li></ul>');
    expect(out).toEqual(['Im Preis enthalten:', '- Frühstück', '- Sauna', '- Bademantel']);
  });
});

describe('hidden text is not content', () => {
  it('drops elements with the hidden attribute, aria-hidden="true" and inline display:none / visibility:hidden', () => {
    const out = lines(`<p>Sichtbar eins.</p><p hidden>Versteckt A</p><p aria-hidden="true">Versteckt B</p>
      <div style="color: red; display: none">Versteckt C</div><p style="visibility:hidden">Versteckt D</p>
      <p>Sichtbar <span style="DISPLAY:NONE">Versteckt E</span>zwei.</p>
      <table><tr><td>Samstag</td><td>9 Uhr</td></tr><tr hidden><td>Geheimtag</td><td>0 Uhr</td></tr></table>
      <ul><li>Punkt</li><li style="display:none">Versteckt F</li></ul>`);
    expect(out).toEqual(['Sichtbar eins.', 'Sichtbar zwei.', '| Samstag: 9 Uhr', '- Punkt']);
  });

  it('isHidden reads the attributes of an element and ignores text nodes', () => {
    const { document } = parseHTML('<div><p id="a" hidden>x</p><p id="b" aria-hidden="false">y</p><p id="c" style="display:block">z</p><p id="d" style="opacity:0;display:none">w</p></div>');
    const el = (id: string) => document.getElementById(id) as unknown as StructNode;
    expect(isHidden(el('a'))).toBe(true);
    expect(isHidden(el('b'))).toBe(false);
    expect(isHidden(el('c'))).toBe(false);
    expect(isHidden(el('d'))).toBe(true);
    expect(isHidden(document.getElementById('b')!.firstChild as unknown as StructNode)).toBe(false);
  });

  it('script, style and form controls are never text', () => {
    const out = lines('<p>Text.</p><script>var secret = 1;</script><style>p{}</style><button>Jetzt buchen</button>');
    expect(out).toEqual(['Text.']);
  });
});

describe('extractPage', () => {
  const html = page(
    `<h1>Willkommen</h1><p>Das Hotel liegt direkt am See.</p>
     <h2>Preise</h2><table><tr><th>Zimmer</th><th>Preis</th><th>Frühstück</th></tr><tr><td>Einzelzimmer</td><td>80 €</td><td>inklusive</td></tr></table>
     <p hidden>Versteckter Text</p><div aria-hidden="true">Auch versteckt</div>`,
    `<header><a href="/">Logo</a> Hotline 0800 111</header>
     <nav><a href="/zimmer.html">Zimmer</a> <a href="/kontakt.html">Kontakt</a></nav>
     <div id="cookie-banner" class="cookie-consent">Wir verwenden Cookies. <button>OK</button></div>`,
  ).replace('</body>', '<footer>Impressum · Datenschutz</footer></body>');

  it('keeps the main content as structured lines without nav, header, footer, cookie banner or hidden text', () => {
    const p = extractPage(html, 'http://hotel.test/');
    expect(p.text.split('\n')).toEqual([
      '# Willkommen',
      'Das Hotel liegt direkt am See.',
      '## Preise',
      '| Einzelzimmer – Preis: 80 €; Frühstück: inklusive',
    ]);
    expect(p.text).not.toMatch(/Hotline|Cookies|Impressum|Zimmer Kontakt|versteckt/i);
  });

  it('still collects the navigation links (they lead to subpages) and reads title and language', () => {
    const p = extractPage(html, 'http://hotel.test/');
    expect(p.title).toBe('Hotel Seeblick');
    expect(p.lang).toBe('de');
    expect(p.links).toEqual(expect.arrayContaining(['http://hotel.test/zimmer.html', 'http://hotel.test/kontakt.html']));
  });

  it('without a main element the body minus furniture is the text', () => {
    const p = extractPage(
      `<html lang="en"><body><nav>Home About</nav><div class="gdpr-consent">We use cookies</div><h1>About us</h1><p>We rent boats since 1990.</p><footer>Legal</footer></body></html>`,
      'http://boats.test/',
    );
    // Readability may demote the page's h1; the level is not the point here, the furniture is.
    const [head, ...rest] = p.text.split('\n');
    expect(head).toMatch(/^#{1,2} About us$/);
    expect(rest).toEqual(['We rent boats since 1990.']);
    expect(p.lang).toBe('en');
  });

  it('a page with no text gives empty text', () => {
    const p = extractPage('<html><body><main><img src="a.png" alt=""></main></body></html>', 'http://x.test/');
    expect(p.text).toBe('');
  });
});
