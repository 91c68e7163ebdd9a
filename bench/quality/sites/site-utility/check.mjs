// Consistency check of this evaluation site: ../check-site.mjs with this folder (settings in site.json).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.argv.splice(2, 0, path.dirname(fileURLToPath(import.meta.url)));
await import('../check-site.mjs');
