// `node --import tsx bench/_profile-summary.ts file.cpuprofile [N]`: the N functions with the most self time in a
// V8 CPU profile (as written by BENCH_PROFILE), and the same summed per source file, as plain text.
import fs from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
const [file, n = '30'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
const byId = new Map(profile.nodes.map((x) => [x.id, x]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url: string) => url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, 'nm:').replace(/.*\/(server|bench|contract)\//, '$1/');
const fns = new Map<string, number>();
const files = new Map<string, number>();
for (const [id, us] of self) {
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const fileKey = f.url ? short(f.url).replace(/^(nm:(@[^/]+\/)?[^/]+).*/, '$1') : f.functionName;
  files.set(fileKey, (files.get(fileKey) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`total sampled ${(total / 1000).toFixed(0)} ms`);
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) console.log(pct(us), k);
console.log('\nby file / package:');
for (const [k, us] of [...files].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) console.log(pct(us), k);
