// xlsx import of 10,000 question-answer pairs: read the sheet, flag duplicates, store and index.
// cpu_ms: CPU time of this process for the whole import; with PGlite the database runs in it too, so on a
// busy machine it says what the import costs where ms also counts the waits for a core. With PostgreSQL
// (BENCH_DATABASE_URL, a local server) db_cpu_ms is the CPU of the bench database's backends, from /proc.
import * as XLSX from '@e965/xlsx';
import { flagDuplicates, importQna, readQnaSheet } from '../server/src/training/qna.ts';
import { processesCpuMs } from './_load.ts';
import { benchDb, round, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_QNA ?? 10_000);
const v = vocabulary();
const rows = [['Frage', 'Antwort'], ...Array.from({ length: N }, (_, i) => [`Frage ${i}: ${v.sentence(8)}?`, `${v.sentence(30)}.`])];
// A few duplicates inside the file, as real spreadsheets have.
for (let i = 1; i <= 50; i++) rows.push(rows[i]);
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'qna');
const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

const { db, orgId, chatbotId, close } = await benchDb();
const backends = db.kind === 'pglite' ? [] : (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).rows.map((r) => r.pid);
const db0 = processesCpuMs(backends);
const c0 = process.cpuUsage();
const t0 = performance.now();
const parsed = readQnaSheet(file);
const t1 = performance.now();
const flagged = await flagDuplicates(db, chatbotId, 'de', parsed);
const t2 = performance.now();
const result = await importQna(db, { id: chatbotId, organization_id: orgId }, 'de', flagged, 'skip');
const t3 = performance.now();
const cpu = process.cpuUsage(c0);
const dbCpu = processesCpuMs(backends) - db0;
await close();
console.log(`${parsed.length} rows (${round(file.length / 1024)} KB): read ${round(t1 - t0)} ms, duplicates ${round(t2 - t1)} ms, store+index ${round(t3 - t2)} ms; imported ${result.imported}, skipped ${result.skipped} (${db.kind})`);
console.log(JSON.stringify({ bench: 'qna-import', db: db.kind, n: parsed.length, imported: result.imported, ms: round(t3 - t0), cpu_ms: round((cpu.user + cpu.system) / 1000), ...(db.kind === 'pglite' ? {} : { db_cpu_ms: dbCpu }) }));
