// The CI gate on answer quality on the project's own evaluation sites (bench/quality/sites/: written by an author who
// had not seen the product's code, in the development set's format), so that tuning on the development set shows
// when it stops carrying over. Floors per site in bench/quality/sites/floor.json (see qualityGate.ts).
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../bench/quality/run.ts';
import { describeQualityGate, type QualityFloor } from './qualityGate.ts';

const SITES = path.join(REPO_ROOT, 'bench/quality/sites');
const FLOOR_FILE = path.join(SITES, 'floor.json');
const floors = JSON.parse(fs.readFileSync(FLOOR_FILE, 'utf8')) as Record<string, QualityFloor | string>;

for (const [name, floor] of Object.entries(floors)) {
  if (typeof floor === 'string') continue; // _about
  describeQualityGate({ name, dir: path.join(SITES, name), missing: `${name} is missing in ${SITES}` }, floor, FLOOR_FILE);
}
