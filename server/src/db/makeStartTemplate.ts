/**
 * Build step (scripts/build-server.mjs): `node dist-server/makeStartTemplate.js DIR` makes the start template
 * (startTemplate.ts) in DIR: a fresh embedded database brought to the state every start leaves it in, closed cleanly.
 */
import { QUEUES } from '../jobs/workers.ts';
import { openPglite } from './pglite.ts';
import { bringToStartState } from './throwaway.ts';

const db = await openPglite(process.argv[2]);
try {
  await bringToStartState(db, undefined, QUEUES);
} finally {
  await db.close();
}
