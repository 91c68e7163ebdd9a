/**
 * JavaScript the dashboard loads before its first screen, the whole dist JS, widget.js and widget-chat.js,
 * gzipped, and whether heavy libraries (recharts, xlsx, mammoth, pdf) leaked into the first screen
 * (measured by bench/bundleSize.ts, which the budget test uses too).
 * Builds first when dist/ is missing or stale. Usage: npm run bench -- bundle
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kb, measureBundle } from './bundleSize.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });

const m = measureBundle(path.join(ROOT, 'dist'));
const show = (bytes: number) => `${kb(bytes).toFixed(1)} KB`;

console.log('First screen (entry, App shell, dashboard page and their static imports):');
for (const f of m.firstScreen) console.log(`  ${f.file.padEnd(44)} ${show(f.raw).padStart(10)} raw  ${show(f.gzip).padStart(10)} gzip`);
const heavy = m.heavyInFirstScreen.length ? `HEAVY LIBRARIES: ${m.heavyInFirstScreen.join(', ')}` : 'no recharts/xlsx/mammoth/pdf code in it';
console.log(`First screen: ${m.firstScreen.length} files, ${show(m.firstScreenGzip)} gzip; ${heavy}`);
console.log(`All dist JS: ${m.allJsFiles} files, ${show(m.allJsGzip)} gzip`);
for (const [name, size] of [['widget.js', m.widgetGzip], ['widget-chat.js', m.widgetChatGzip]] as const)
  console.log(`${name}: ${size === null ? 'not built' : `${show(size)} gzip`}`);

console.log(
  JSON.stringify({
    bench: 'bundle',
    n: m.firstScreen.length,
    first_screen_js_gzip_kb: kb(m.firstScreenGzip),
    all_js_gzip_kb: kb(m.allJsGzip),
    widget_gzip_kb: m.widgetGzip === null ? null : kb(m.widgetGzip),
    widget_chat_gzip_kb: m.widgetChatGzip === null ? null : kb(m.widgetChatGzip),
    heavy_in_first_screen: m.heavyInFirstScreen,
  }),
);
