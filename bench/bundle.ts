/**
 * JavaScript the dashboard loads before its first screen, gzipped (level 9, as a static server would
 * precompress): (1) the entry script and the modulepreload links of dist/index.html; (2) the same plus
 * the chunks the entry imports dynamically right away (Vite lists them in the entry's __vite__mapDeps:
 * the App shell, react-admin, the auth provider). Also the whole dist JS, widget.js and widget-chat.js,
 * and whether heavy libraries (recharts, xlsx, mammoth, pdf) leaked into either.
 * Builds first when dist/ is missing or stale. Usage: npm run bench -- bundle
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');

execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Markers that only the heavy libraries' code contains (class names and banners survive minification). */
const HEAVY: Record<string, RegExp> = {
  recharts: /recharts-(wrapper|surface|cartesian)/,
  xlsx: /SheetJS|xlsx\.full|\bXLSX\b.*\bversion\b/,
  mammoth: /mammoth/,
  pdf: /pdfjs|PDFDocumentProxy/,
};

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
const initial = [...new Set([...entry, ...preloads])].filter((u) => u.startsWith('/'));
if (!entry.length) throw new Error('dist/index.html has no module entry script');

const leaked: string[] = [];
function measure(title: string, urls: string[]) {
  let raw = 0;
  let zipped = 0;
  console.log(title);
  for (const url of urls) {
    const buf = fs.readFileSync(path.join(DIST, url.replace(/^\//, '')));
    const size = gz(buf);
    raw += buf.length;
    zipped += size;
    const text = buf.toString('utf8');
    for (const [name, re] of Object.entries(HEAVY)) if (re.test(text) && !leaked.includes(`${name} in ${url}`)) leaked.push(`${name} in ${url}`);
    console.log(`  ${url.padEnd(44)} ${kb(buf.length).padStart(10)} raw  ${kb(size).padStart(10)} gzip`);
  }
  console.log(`  total: ${kb(raw)} raw, ${kb(zipped)} gzip`);
  return zipped;
}

const initialGz = measure('index.html (entry + modulepreload):', initial);
const entryCode = fs.readFileSync(path.join(DIST, entry[0].replace(/^\//, '')), 'utf8');
const mapDeps = /m\.f=\[([^\]]*)\]/.exec(entryCode)?.[1] ?? '';
const dynamic = [...mapDeps.matchAll(/"([^"]+\.js)"/g)].map((m) => '/' + m[1]).filter((u) => !initial.includes(u));
const firstScreenGz = initialGz + (dynamic.length ? measure('+ chunks the entry imports right away:', dynamic) : 0);
console.log(`First screen: ${kb(firstScreenGz)} gzip; ${leaked.length ? `HEAVY LIBRARIES: ${leaked.join(', ')}` : 'no recharts/xlsx/mammoth/pdf code in it'}`);

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? jsFiles(p) : e.name.endsWith('.js') ? [p] : [];
  });
}
const all = jsFiles(DIST);
const allGz = all.reduce((a, f) => a + gz(fs.readFileSync(f)), 0);
console.log(`All dist JS: ${all.length} files, ${kb(allGz)} gzip`);

const widget: Record<string, number | null> = {};
for (const name of ['widget.js', 'widget-chat.js']) {
  const p = path.join(DIST, name);
  widget[name] = fs.existsSync(p) ? gz(fs.readFileSync(p)) : null;
  console.log(`${name}: ${widget[name] === null ? 'not built' : `${kb(widget[name]!)} gzip`}`);
}

console.log(
  JSON.stringify({
    bench: 'bundle',
    n: initial.length + dynamic.length,
    initial_js_gzip_kb: Math.round((initialGz / 1024) * 10) / 10,
    first_screen_js_gzip_kb: Math.round((firstScreenGz / 1024) * 10) / 10,
    all_js_gzip_kb: Math.round((allGz / 1024) * 10) / 10,
    widget_gzip_kb: widget['widget.js'] === null ? null : Math.round((widget['widget.js']! / 1024) * 10) / 10,
    widget_chat_gzip_kb: widget['widget-chat.js'] === null ? null : Math.round((widget['widget-chat.js']! / 1024) * 10) / 10,
    heavy_in_initial: leaked,
  }),
);
