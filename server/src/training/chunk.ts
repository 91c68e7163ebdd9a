/**
 * Cuts structured text (see structure.ts) into units: each is a readable piece an answer can quote
 * on its own and a search can rank, and keeps the headings it stands under.
 *
 * - `row`: one table row ("Samstag: 10:00–16:00 Uhr"), never mixed with another row;
 * - `faq`: the answer under a question heading (the question is its heading, never its text);
 * - `list`: list items with the sentence that leads into them;
 * - `text`: paragraphs of one section, up to about `maxChars`.
 *
 * Plain text (documents, Q&A) has no markup and becomes `text` units of paragraphs.
 */
import { isQuestion } from './structure.ts';
import { splitSentences } from './sentences.ts';
import { dropInjections } from './normalize.ts';

export type UnitKind = 'text' | 'row' | 'faq' | 'list';

export interface Unit {
  /** The headings above the unit, outermost first, joined by " › ". */
  heading: string;
  text: string;
  kind: UnitKind;
}

const HEADING = /^(#{1,6}) (.+)$/;
export const HEADING_SEPARATOR = ' › ';

export function chunkText(text: string, maxChars = 600): Unit[] {
  const units: Unit[] = [];
  const stack: { level: number; text: string }[] = [];
  let buf: string[] = [];
  let leadIn: string | null = null; // the paragraph that introduces the list being collected

  const headingPath = () => stack.map((h) => h.text).join(HEADING_SEPARATOR);
  const current = () => stack[stack.length - 1]?.text ?? '';
  const kindOf = (lines: string[]): UnitKind => (isQuestion(current()) ? 'faq' : lines.some((l) => l.startsWith('- ')) ? 'list' : 'text');
  const emit = (lines: string[]) => {
    const t = lines.join('\n').trim();
    if (t) units.push({ heading: headingPath(), text: t, kind: kindOf(lines) });
  };
  const flush = () => {
    emit(buf);
    buf = [];
    leadIn = null;
  };
  const size = () => buf.reduce((n, l) => n + l.length + 1, 0);

  for (const raw of dropInjections(text).split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const h = HEADING.exec(line);
    if (h) {
      flush();
      const level = h[1].length;
      while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
      stack.push({ level, text: h[2].trim() });
      continue;
    }
    if (line.startsWith('| ')) {
      // A table row is its own unit; the paragraph before the table stays a unit of its own.
      flush();
      units.push({ heading: headingPath(), text: line.slice(2).trim(), kind: 'row' });
      continue;
    }
    if (line.startsWith('- ')) {
      if (leadIn === null) {
        const last = buf[buf.length - 1];
        leadIn = last && !last.startsWith('- ') && last.length < 300 ? last : '';
      }
      if (buf.length && size() + line.length > maxChars) {
        emit(buf);
        buf = leadIn ? [leadIn] : [];
      }
      buf.push(line);
      continue;
    }
    leadIn = null;
    if (line.length > maxChars) {
      flush();
      for (const piece of sentenceWindows(line, maxChars)) emit([piece]);
      continue;
    }
    if (buf.length && size() + line.length > maxChars) flush();
    buf.push(line);
  }
  flush();
  return units;
}

/** A long paragraph as consecutive windows of whole sentences; a sentence longer than a window is cut at a space. */
function sentenceWindows(paragraph: string, maxChars: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (let s of splitSentences(paragraph)) {
    while (s.length > maxChars) {
      const cut = s.lastIndexOf(' ', maxChars);
      const at = cut > maxChars / 2 ? cut : maxChars;
      if (cur) out.push(cur);
      cur = '';
      out.push(s.slice(0, at).trim());
      s = s.slice(at).trim();
    }
    if (cur && cur.length + 1 + s.length > maxChars) {
      out.push(cur);
      cur = s;
    } else cur = cur ? `${cur} ${s}` : s;
  }
  if (cur) out.push(cur);
  return out;
}
