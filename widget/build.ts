/**
 * Builds the widget into dist/: widget.js (the loader, an IIFE for a classic <script>) and
 * widget-chat.js (the chat interface, an ES module the loader imports when opened). The
 * loader carries the chat file's content hash, so a new release is never mixed with a cached one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../dist');
fs.mkdirSync(outDir, { recursive: true });

const common = { bundle: true, minify: true, target: 'es2020', legalComments: 'none' as const, write: false };

const chat = await build({ ...common, entryPoints: [path.join(here, 'src/chat/index.ts')], format: 'esm' });
const chatCode = chat.outputFiles![0].contents;
const version = crypto.createHash('sha256').update(chatCode).digest('hex').slice(0, 12);

const loader = await build({
  ...common,
  entryPoints: [path.join(here, 'src/loader.ts')],
  format: 'iife',
  define: { __CHAT_VERSION__: JSON.stringify(version) },
});
const loaderCode = loader.outputFiles![0].contents;

fs.writeFileSync(path.join(outDir, 'widget-chat.js'), chatCode);
fs.writeFileSync(path.join(outDir, 'widget.js'), loaderCode);

const kb = (b: Uint8Array) => (b.length / 1024).toFixed(1);
const gz = (b: Uint8Array) => zlib.gzipSync(b, { level: 9 });
console.log(`widget.js       ${kb(loaderCode)} KB, ${kb(gz(loaderCode))} KB gzipped`);
console.log(`widget-chat.js  ${kb(chatCode)} KB, ${kb(gz(chatCode))} KB gzipped (version ${version})`);
