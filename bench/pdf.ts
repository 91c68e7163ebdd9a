// A 100-page PDF to indexed passages: content check, text extraction (unpdf), storage, chunking, indexing.
import { makePdf } from '../tests/server/trainingFiles.ts';
import { addDocument } from '../server/src/training/documents.ts';
import { benchDb, round, vocabulary } from './_training.ts';

const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 100);
const v = vocabulary();
const pdf = makePdf(Array.from({ length: PAGES }, (_, p) => Array.from({ length: 45 }, (_, l) => `${p + 1}.${l + 1} ${v.sentence(10)}`)));
const { db, config, orgId, chatbotId, close } = await benchDb();
const t0 = performance.now();
const doc = await addDocument({ db, config }, { id: chatbotId, organization_id: orgId }, { lang: 'de', name: 'handbuch.pdf', buf: pdf });
const ms = performance.now() - t0;
const passages = (await db.query<{ n: number }>('select count(*)::int n from passages where source_id = $1', [doc.id])).rows[0].n;
await close();
console.log(`${PAGES}-page PDF (${round(pdf.length / 1024)} KB, ${doc.characters} characters) → ${passages} passages in ${round(ms)} ms (${db.kind})`);
console.log(JSON.stringify({ bench: 'pdf', db: db.kind, pages: PAGES, characters: doc.characters, passages, ms: round(ms) }));
