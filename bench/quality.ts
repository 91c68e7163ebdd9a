// Answer quality on an evaluation site: `npm run bench -- quality [--site DIR] [--verbose] [--json FILE] [--limit N]
// [--explain ID,…|failed] [--large]`.
// Serves DIR (default ../shared/eval/site-hotel), trains the real server on it through the API as a new trial customer,
// asks every question of DIR/questions.json through the widget's public API and scores the answers by the rules of
// DIR/README.md (bench/quality/score.ts). PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL; a language model
// only when LLM_BASE_URL and LLM_MODEL are set. `--large` searches the chatbot as one of more than 20,000 units (its
// postings index, built before the first question; with SEARCH_POSTINGS=off: candidates from PostgreSQL). Last line: one JSON object.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SITE, REPO_ROOT, formatReport, runQualityBench } from './quality/run.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    site: { type: 'string' },
    verbose: { type: 'boolean', short: 'v', default: false },
    json: { type: 'string' },
    limit: { type: 'string' },
    explain: { type: 'string', multiple: true },
    large: { type: 'boolean', default: false },
  },
  strict: true,
});
// --site is taken relative to where the command was typed (npm runs scripts in the repo root but keeps INIT_CWD).
const cwd = process.env.INIT_CWD ?? process.cwd();
const siteDir = values.site ? path.resolve(cwd, values.site) : DEFAULT_SITE;

if (values.large) {
  process.env.SEARCH_MAX_IN_MEMORY_UNITS = '0';
  process.env.SEARCH_POSTINGS ||= 'wait';
}

const result = await runQualityBench({
  siteDir,
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  verbose: true,
  limit: values.limit ? Number(values.limit) : undefined,
  explain: values.explain?.flatMap((v) => v.split(',')),
});
console.log(formatReport(result, { verbose: values.verbose }));
if (values.json) {
  const file = path.resolve(cwd, values.json);
  fs.writeFileSync(file, JSON.stringify({ summary: result.summary, training: result.training, index: result.index, rows: result.rows, results: result.results }, null, 2));
  console.log(`per-question results: ${path.relative(REPO_ROOT, file) || file}`);
}
console.log(`bench took ${Math.round(result.seconds)} s`);
console.log(JSON.stringify(result.summary));
