// Test server of this evaluation site: ../serve-site.mjs with this folder (settings in site.json).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.argv.splice(2, 0, path.dirname(fileURLToPath(import.meta.url)));
await import('../serve-site.mjs');
