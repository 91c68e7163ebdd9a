/**
 * Embedding the trained passages (only when EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL are set).
 *
 * Training writes passages in its own transactions and then queues a job for the chatbot
 * (queueEmbeddings); the job embeds every passage of the chatbot that has no vector of the current
 * model yet, in batches, each batch one HTTP call and one insert, outside any training
 * transaction. A failure never fails training: it is logged, pg-boss retries the job with backoff,
 * and the hourly sweep (and the one at start) queues every chatbot that still misses vectors
 * (after an outage, or after EMBEDDINGS_MODEL changed).
 */
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { passageEmbeddingsRepo } from '../repositories/passageEmbeddings.ts';
import { createEmbeddingsClient, EMBED_BATCH, isEmbeddingsConfigured, type EmbeddingsClient } from '../services/embeddings.ts';
import type { Jobs } from './boss.ts';
import { queueTestRun } from './testRuns.ts';

export const EMBEDDINGS_QUEUE = 'embeddings';
export const EMBEDDINGS_SWEEP_QUEUE = 'embeddings-sweep';

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

function warn(ctx: Pick<AppContext, 'config'>, msg: string) {
  if (!['silent', 'fatal', 'error'].includes(ctx.config.LOG_LEVEL)) console.warn(`[embeddings] ${msg}`);
}

/**
 * The queue is created with its policy before first use: "stately" keeps at most one queued and one
 * running job per chatbot (a burst of edits queues one run, a write during a run queues one more).
 */
const queues = new WeakMap<object, Promise<void>>();
function ensureQueues(jobs: Jobs) {
  let ready = queues.get(jobs.boss);
  if (!ready) {
    ready = (async () => {
      await jobs.createQueue(EMBEDDINGS_QUEUE, {
        name: EMBEDDINGS_QUEUE, policy: 'stately', retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600,
      });
      await jobs.createQueue(EMBEDDINGS_SWEEP_QUEUE, { name: EMBEDDINGS_SWEEP_QUEUE, policy: 'singleton' });
    })();
    ready.catch(() => queues.delete(jobs.boss));
    queues.set(jobs.boss, ready);
  }
  return ready;
}

/**
 * After training wrote passages of a chatbot (every training path calls this): embed them soon, and re-run the
 * chatbot's test questions (jobs/testRuns.ts). Never throws; nothing is embedded when embeddings are off.
 */
export async function queueEmbeddings(ctx: Pick<AppContext, 'config' | 'jobs'>, chatbotId: string | null | undefined) {
  await queueTestRun(ctx, chatbotId);
  await sendEmbeddingsJob(ctx, chatbotId);
}

async function sendEmbeddingsJob(ctx: Pick<AppContext, 'config' | 'jobs'>, chatbotId: string | null | undefined) {
  if (!chatbotId || !isEmbeddingsConfigured(ctx.config)) return;
  try {
    await ensureQueues(ctx.jobs);
    await ctx.jobs.send(EMBEDDINGS_QUEUE, { chatbotId }, { singletonKey: chatbotId });
  } catch (e) {
    warn(ctx, `could not queue chatbot ${chatbotId}: ${(e as Error).message} (the next sweep will)`);
  }
}

/** What one passage is embedded as: the headings it stands under, then its text. */
export const embeddingInput = (p: { heading: string; text: string }) => (p.heading ? `${p.heading}\n${p.text}` : p.text);

/**
 * Embeds every passage of the chatbot without a vector of the client's model, EMBED_BATCH at a time,
 * and returns how many it wrote. When it wrote any (also when a later batch failed) it bumps the
 * chatbot's index_version, so answer processes reload the index with the new vectors.
 */
export async function embedMissing(db: Db, client: EmbeddingsClient, chatbotId: string): Promise<number> {
  let written = 0;
  let after = '0';
  try {
    for (;;) {
      const batch = await passageEmbeddingsRepo.passagesWithout(db, chatbotId, client.model, after, EMBED_BATCH);
      if (!batch.length) break;
      after = batch[batch.length - 1].id;
      const vectors = await client.embed(batch.map(embeddingInput));
      written += await passageEmbeddingsRepo.upsert(db, client.model, batch.map((p) => p.id), vectors.map((v) => `{${v.join(',')}}`));
    }
  } finally {
    if (written) await chatbotsRepo.bumpIndexVersion(db, chatbotId);
  }
  return written;
}

/** Queues every chatbot that has passages without a vector of the configured model. */
export async function queueMissingEmbeddings(ctx: Ctx): Promise<number> {
  const model = ctx.config.EMBEDDINGS_MODEL;
  if (!isEmbeddingsConfigured(ctx.config) || !model) return 0;
  const chatbotIds = await passageEmbeddingsRepo.chatbotsMissing(ctx.db, model);
  for (const id of chatbotIds) await sendEmbeddingsJob(ctx, id);
  return chatbotIds.length;
}

/** The embeddings job and its hourly sweep; nothing is registered when embeddings are off. */
export async function registerEmbeddingsWorkers(ctx: Ctx) {
  if (!isEmbeddingsConfigured(ctx.config)) return;
  const client = createEmbeddingsClient(ctx.config);
  await ensureQueues(ctx.jobs);
  await ctx.jobs.work<{ chatbotId: string }>(EMBEDDINGS_QUEUE, async (data) => {
    try {
      await embedMissing(ctx.db, client, data.chatbotId);
    } catch (e) {
      warn(ctx, `chatbot ${data.chatbotId}: ${(e as Error).message}; retried later`);
      throw e; // pg-boss retries with backoff
    }
  });
  await ctx.jobs.work(EMBEDDINGS_SWEEP_QUEUE, async () => {
    await queueMissingEmbeddings(ctx);
  });
  await ctx.jobs.schedule(EMBEDDINGS_SWEEP_QUEUE, '23 * * * *', {});
  // Content trained before the feature was switched on (or with another model) is embedded now.
  await queueMissingEmbeddings(ctx).catch((e) => warn(ctx, `sweep failed: ${(e as Error).message}`));
}
