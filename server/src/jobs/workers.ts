import type { AppContext } from '../context.ts';

/** All queues the product uses; created at start so sends never fail on a missing queue. */
export const QUEUES: string[] = [];

/** Registers the job workers (in the server process by default, or in `npm run worker` processes). */
export async function registerWorkers(_ctx: AppContext) {}
