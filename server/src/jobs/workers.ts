import type { AppContext } from '../context.ts';
import { registerEmbeddingsWorkers } from './embeddings.ts';
import { INITIAL_SETUP_QUEUE, registerInitialSetupWorker } from './initialSetup.ts';
import { registerTrainingWorkers, TRAINING_QUEUES } from './training.ts';
import { registerRetentionWorker } from './retention.ts';
import { registerTestRunWorker } from './testRuns.ts';

/** All queues the product uses; created at start so sends never fail on a missing queue. */
export const QUEUES: string[] = [INITIAL_SETUP_QUEUE, ...TRAINING_QUEUES];

/** Registers the job workers (in the server process by default, or in `npm run worker` processes). */
export async function registerWorkers(ctx: AppContext) {
  await registerInitialSetupWorker(ctx);
  await registerTrainingWorkers(ctx);
  await registerRetentionWorker(ctx);
  await registerTestRunWorker(ctx);
  // Only when EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL are set (its queues are created with their own policy).
  await registerEmbeddingsWorkers(ctx);
}
