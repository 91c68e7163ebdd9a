// The CI gate on answer quality on the development set ../shared/eval/site-hotel, held to the floors in
// bench/quality/floor.json (see qualityGate.ts).
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SITE, REPO_ROOT } from '../../bench/quality/run.ts';
import { describeQualityGate, type QualityFloor } from './qualityGate.ts';

const FLOOR_FILE = path.join(REPO_ROOT, 'bench/quality/floor.json');
const floor = JSON.parse(fs.readFileSync(FLOOR_FILE, 'utf8')) as QualityFloor;

describeQualityGate(
  {
    name: 'the development set',
    dir: DEFAULT_SITE,
    missing: `The development set is missing: expected ${DEFAULT_SITE} (questions.json, crawl-expectations.json, serve.mjs), i.e. ../shared/eval/site-hotel next to the repository`,
  },
  floor,
  FLOOR_FILE,
);
