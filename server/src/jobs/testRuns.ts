/**
 * The test-question run as a background job: queued after every training change of a chatbot (crawl, rescrape,
 * schedule, document upload, Q&A change: wherever training hands its passages over, see queueEmbeddings), after
 * test questions changed and by the run-now action. The queue is "stately" per chatbot (at most one queued and one
 * running job per slot), and a training run starts TEST_RUN_DELAY_SECONDS late: a burst of Q&A edits is one run; a
 * change during a run queues one more.
 */
import type { AppContext } from '../context.ts';
import { runTestQuestions } from '../services/testQuestions.ts';
import type { Jobs } from './boss.ts';

export const TEST_RUN_QUEUE = 'test-questions-run';
const queues = new WeakMap<object, Promise<void>>();
function ensureQueue(jobs: Jobs) {
  let ready = queues.get(jobs.boss);
  if (!ready) {
    ready = jobs.createQueue(TEST_RUN_QUEUE, {
      name: TEST_RUN_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600,
    });
    ready.catch(() => queues.delete(jobs.boss));
    queues.set(jobs.boss, ready);
  }
  return ready;
}

export type TestRunTrigger = 'training' | 'edit' | 'manual';

/**
 * Queues a run of the chatbot's test questions: after a training change `TEST_RUN_DELAY_SECONDS` late, after
 * test questions changed (`edit`) or on run now (`manual`) at once. Never throws: a training change never fails
 * because of it. False when a run was waiting already (it takes this one in).
 */
export async function queueTestRun(ctx: Pick<AppContext, 'jobs' | 'config'>, chatbotId: string | null | undefined, trigger: TestRunTrigger = 'training') {
  if (!chatbotId) return false;
  try {
    await ensureQueue(ctx.jobs);
    // Training runs and runs asked for now wait in separate slots: a training run waiting out its delay never
    // holds back "run now".
    const delayed = trigger === 'training' && ctx.config.TEST_RUN_DELAY_SECONDS > 0;
    const id = await ctx.jobs.send(TEST_RUN_QUEUE, { chatbotId, trigger }, {
      singletonKey: delayed ? chatbotId : `${chatbotId}/now`, ...(delayed ? { startAfter: ctx.config.TEST_RUN_DELAY_SECONDS } : {}),
    });
    return id !== null;
  } catch (e) {
    console.warn(`[test-questions] could not queue chatbot ${chatbotId}: ${(e as Error).message}`);
    return false;
  }
}

export async function registerTestRunWorker(ctx: AppContext) {
  await ensureQueue(ctx.jobs);
  await ctx.jobs.work<{ chatbotId: string; trigger: TestRunTrigger }>(TEST_RUN_QUEUE, async (data) => {
    await runTestQuestions(ctx, data.chatbotId, data.trigger === 'manual' || data.trigger === 'edit' ? data.trigger : 'training');
  });
}
