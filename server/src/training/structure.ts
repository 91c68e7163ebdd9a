/**
 * Turns a content element into lines that keep the page's structure, so the index can cut it into
 * units an answer can quote on its own:
 *
 *   `## Heading`            a heading (one `#` per level); FAQ questions (dt, summary, a bold question) become headings too
 *   `- item`                a list item
 *   `| Label: value`        a table row made self-contained with its column headers
 *   anything else           a paragraph line (a `<br>` starts a new line)
 *
 * The same lines are what a webpage's stored text shows, and what `units.ts` reads.
 */
type Node = {
  nodeType: number;
  tagName?: string;
  textContent: string | null;
  childNodes: ArrayLike<Node>;
  getAttribute?(name: string): string | null;
};

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'OBJECT', 'EMBED', 'BUTTON', 'SELECT', 'INPUT', 'TEXTAREA']);
const BLOCK = new Set([
  'P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'ASIDE', 'HEADER', 'FOOTER', 'NAV', 'BLOCKQUOTE', 'PRE', 'FIGURE', 'FIGCAPTION',
  'ADDRESS', 'HR', 'FORM', 'FIELDSET', 'CENTER', 'BODY', 'HTML',
]);
const HEADING = /^H([1-6])$/;

const squash = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const isElement = (n: Node) => n.nodeType === 1;
const tag = (n: Node) => (n.tagName ?? '').toUpperCase();
const children = (n: Node) => Array.from(n.childNodes);

/** Text hidden from readers (hidden attribute, aria-hidden, inline display:none / visibility:hidden) is not content. */
export function isHidden(n: Node): boolean {
  if (!isElement(n) || !n.getAttribute) return false;
  if (n.getAttribute('hidden') !== null || n.getAttribute('aria-hidden') === 'true') return true;
  const style = (n.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '');
  return /(^|;)display:none/.test(style) || /(^|;)visibility:hidden/.test(style);
}

/** Inline text of an element: `<br>` becomes a line break, hidden and non-content elements are left out. */
function inlineText(n: Node): string {
  // Line breaks in the HTML source are spaces; only <br> and blocks break lines.
  if (n.nodeType === 3) return (n.textContent ?? '').replace(/[\s\u00a0]+/g, ' ');
  if (!isElement(n) || isHidden(n) || SKIP.has(tag(n))) return '';
  if (tag(n) === 'BR') return '\n';
  const t = tag(n);
  const inner = children(n).map(inlineText).join('');
  // Block-level children inside an "inline" context (a div in a cell) still separate words.
  return BLOCK.has(t) || t === 'LI' || t === 'P' || HEADING.test(t) || t === 'TR' ? `\n${inner}\n` : t === 'TD' || t === 'TH' ? ` ${inner} ` : inner;
}

const lines = (s: string) => s.split('\n').map(squash).filter(Boolean);
const oneLine = (s: string) => lines(s).join(', ');

/** A question: ends with a question mark and is short enough to be one. */
export const isQuestion = (s: string) => /[?？]\s*$/.test(s) && s.length <= 200;

interface Ctx {
  out: string[];
  level: number; // level of the latest h1–h6, so captions and FAQ questions nest below it as siblings
}

function heading(ctx: Ctx, level: number, text: string) {
  const t = oneLine(text);
  if (!t) return;
  ctx.out.push(`${'#'.repeat(level)} ${t}`);
  ctx.level = level;
}

/** A heading one level below the current section that does not open a section of its own (caption, FAQ question). */
function subHeading(ctx: Ctx, text: string) {
  const t = oneLine(text);
  if (t) ctx.out.push(`${'#'.repeat(Math.min(6, ctx.level + 1))} ${t}`);
}

function paragraph(ctx: Ctx, text: string) {
  ctx.out.push(...lines(text));
}

/** A paragraph that starts with a bold question ("**Wie lange dauert …?** Antwort") is a question and its answer. */
function boldQuestion(n: Node): { question: string; rest: string } | null {
  const kids = children(n).filter((c) => !(c.nodeType === 3 && !squash(c.textContent ?? '')));
  const first = kids[0];
  if (!first || !isElement(first) || !['STRONG', 'B'].includes(tag(first))) return null;
  const question = squash(inlineText(first));
  if (!isQuestion(question)) return null;
  return { question, rest: kids.slice(1).map(inlineText).join('') };
}

function table(ctx: Ctx, n: Node) {
  const rows: Node[] = [];
  let caption = '';
  const collect = (x: Node) => {
    for (const c of children(x)) {
      if (!isElement(c) || isHidden(c)) continue;
      const t = tag(c);
      if (t === 'CAPTION') caption = oneLine(inlineText(c));
      else if (t === 'TR') rows.push(c);
      else if (t === 'THEAD' || t === 'TBODY' || t === 'TFOOT') collect(c);
    }
  };
  collect(n);
  if (caption) subHeading(ctx, caption);
  let header: string[] | null = null;
  for (const r of rows) {
    const cells = children(r).filter((c) => isElement(c) && ['TD', 'TH'].includes(tag(c)) && !isHidden(c));
    const texts = cells.map((c) => oneLine(inlineText(c)));
    if (!texts.some(Boolean)) continue;
    const allHeaders = cells.every((c) => tag(c) === 'TH');
    if (allHeaders && cells.length > 1 && (!header || rows.indexOf(r) === 0)) {
      header = texts;
      continue;
    }
    ctx.out.push(`| ${rowText(texts, header)}`);
  }
}

/**
 * Whether a column header says more than what kind of value the column holds: "Preis pro m³", "Leihgebühr pro Besuch"
 * do, "Preis", "Gebühr", "Zeit" do not (by them every row of a price table would match "was kostet").
 */
const namesMore = (header: string) =>
  header
    .toLowerCase()
    .split(/[^\p{L}\p{N}²³]+/u)
    .some((w) => w.length >= 2 && !VALUE_KIND_WORDS.has(w));
const VALUE_KIND_WORDS = new Set(
  (
    'preis preise kosten gebühr gebühren betrag summe zeit zeiten uhrzeit öffnungszeit öffnungszeiten datum termin wert anzahl ' +
    'price prices cost costs fee fees amount time times hours date value number ' +
    'pro per je in inkl incl für for the und and mit with eur ab from bis to zzgl brutto netto'
  ).split(' '),
);

/**
 * One table row as a sentence that stands alone: "Label: value" for two columns, otherwise
 * "Label – Header: value; Header: value", so no value is ever separated from its label.
 */
export function rowText(cells: string[], header: string[] | null): string {
  const [label, ...rest] = cells;
  const values = rest.map((v, i) => ({ h: header?.[i + 1] ?? '', v })).filter((x) => x.v);
  if (!values.length) return label;
  if (!label) return values.map((x) => (x.h ? `${x.h}: ${x.v}` : x.v)).join('; ');
  if (values.length === 1 && cells.length === 2 && !namesMore(values[0].h)) return `${label}: ${values[0].v}`;
  return `${label} – ${values.map((x) => (x.h ? `${x.h}: ${x.v}` : x.v)).join('; ')}`;
}

function list(ctx: Ctx, n: Node, depth: number) {
  for (const li of children(n)) {
    if (!isElement(li) || isHidden(li) || tag(li) !== 'LI') continue;
    const nested = children(li).filter((c) => isElement(c) && ['UL', 'OL'].includes(tag(c)));
    const own = children(li).filter((c) => !nested.includes(c)).map(inlineText).join('');
    const t = oneLine(own);
    if (t) ctx.out.push(`- ${t}`);
    for (const sub of nested) list(ctx, sub, depth + 1);
  }
}

function walk(ctx: Ctx, n: Node) {
  if (n.nodeType === 3) {
    paragraph(ctx, (n.textContent ?? '').replace(/[\s\u00a0]+/g, ' '));
    return;
  }
  if (n.nodeType !== 1 && n.nodeType !== 9 && n.nodeType !== 11) return;
  if (isElement(n) && (isHidden(n) || SKIP.has(tag(n)))) return;
  const t = tag(n);
  const h = HEADING.exec(t);
  if (h) return heading(ctx, Number(h[1]), inlineText(n));
  if (t === 'TABLE') return table(ctx, n);
  if (t === 'UL' || t === 'OL') return list(ctx, n, 0);
  if (t === 'DL') {
    for (const c of children(n)) {
      if (!isElement(c) || isHidden(c)) continue;
      if (tag(c) === 'DT') subHeading(ctx, inlineText(c));
      else if (tag(c) === 'DD') blockChildren(ctx, c);
      else if (tag(c) === 'DIV') walk(ctx, { ...c, tagName: 'DL', nodeType: 1, textContent: c.textContent, childNodes: c.childNodes }); // <div><dt/><dd/></div> groups are allowed in a dl
    }
    return;
  }
  if (t === 'DETAILS') {
    for (const c of children(n)) {
      if (isElement(c) && tag(c) === 'SUMMARY') subHeading(ctx, inlineText(c));
      else walk(ctx, c);
    }
    return;
  }
  if (t === 'P') {
    const q = boldQuestion(n);
    if (q) {
      subHeading(ctx, q.question);
      paragraph(ctx, q.rest);
      return;
    }
    paragraph(ctx, inlineText(n));
    return;
  }
  if (t === 'BR') return;
  if (BLOCK.has(t) || t === 'LI' || t === 'TD' || t === 'TH' || t === 'TR') return blockChildren(ctx, n);
  // An inline element met at block level (a lone <a> or <span>): its text is a paragraph.
  paragraph(ctx, inlineText(n));
}

/** Children of a block: runs of inline content become paragraphs, block children are walked. */
function blockChildren(ctx: Ctx, n: Node) {
  let inline = '';
  const flush = () => {
    if (inline) paragraph(ctx, inline);
    inline = '';
  };
  for (const c of children(n)) {
    const isBlock = isElement(c) && (BLOCK.has(tag(c)) || HEADING.test(tag(c)) || ['P', 'UL', 'OL', 'DL', 'TABLE', 'DETAILS', 'LI'].includes(tag(c)));
    if (isBlock) {
      flush();
      walk(ctx, c);
    } else inline += inlineText(c);
  }
  flush();
}

/** Structured lines of an element (see the file comment). */
export function structuredText(root: Node): string {
  const ctx: Ctx = { out: [], level: 1 };
  walk(ctx, root);
  return ctx.out.join('\n');
}
