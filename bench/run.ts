// `npm run bench -- <name>…` runs bench/<name>.ts; without a name, every bench in turn. Arguments from the first
// one starting with "-" on are passed to each bench run: `npm run bench -- quality --site ../shared/eval/site-hotel`.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const firstOption = argv.findIndex((a) => a.startsWith('-'));
const names = firstOption < 0 ? argv : argv.slice(0, firstOption);
const benchArgs = firstOption < 0 ? [] : argv.slice(firstOption);
const all = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_')).map((f) => f.slice(0, -3));
const chosen = names.length ? names : all;
let failed = 0;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown bench "${name}"; available: ${all.join(', ')}`);
    failed++;
    continue;
  }
  console.log(`\n=== bench ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`), ...benchArgs], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
