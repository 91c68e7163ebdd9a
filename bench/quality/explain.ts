/**
 * `--explain`: why a question was answered as it was. Lists the units retrieval ranked for it with
 * the figures the answer gate judges them by (coverage, one sentence's coverage, the stated kind of
 * fact), the terms each matched, and whether the expected page is among them.
 */
import type { Db } from '../../server/src/db/index.ts';
import { retrieve } from '../../server/src/services/retrieval.ts';
import { answerCoverage, sentenceCoverage } from '../../server/src/runtime/judge.ts';
import { answerTypes } from '../../server/src/runtime/answerType.ts';
import { askedIn } from '../../server/src/runtime/asked.ts';
import type { QuestionResult } from './score.ts';

const pct = (x: number) => `${Math.round(x * 100)}`.padStart(3);

export async function explainQuestion(db: Db, chatbotId: string, r: QuestionResult, origin: string): Promise<string> {
  const hits = await retrieve(db, { chatbotId, lang: r.lang, question: r.question, limit: Number(process.env.EXPLAIN_LIMIT ?? 12) });
  const types = answerTypes(r.question);
  const asked = askedIn(r.question);
  const out = [`\n## ${r.id} [${r.lang}] ${r.question}`, `   expected ${r.expected_urls.join(' ') || '(hand-over)'} facts ${JSON.stringify(r.answer_facts)}; types ${types.join(',') || '–'}`];
  out.push(`   answered by ${r.answeredBy}: ${JSON.stringify(r.answer.replace(/\s+/g, ' ').slice(0, 200))}`);
  for (const h of hits) {
    const path = h.source.url?.startsWith(origin) ? h.source.url.slice(origin.length) || '/' : (h.source.url ?? h.source.name ?? h.source.type);
    const mark = r.expected_urls.includes(path) ? '*' : ' ';
    const terms = h.terms.map((t) => `${t.matched ? '+' : '-'}${t.term}${t.via && t.via !== t.term ? `>${t.via}` : ''}(${t.idf.toFixed(1)})`).join(' ');
    out.push(
      `  ${mark} ${h.lang} ${h.kind.padEnd(7)} s${h.score.toFixed(2).padStart(6)} cov${pct(h.coverage)} ans${pct(answerCoverage(h, types, asked))} sent${pct(sentenceCoverage(h, types, asked))} ${path} | ${h.heading.replace(/\s+/g, ' ').slice(0, 50)}`,
      `      ${terms}`,
      `      ${JSON.stringify(h.text.replace(/\s+/g, ' ').slice(0, Number(process.env.EXPLAIN_CHARS ?? 160)))}`,
    );
  }
  return out.join('\n');
}
