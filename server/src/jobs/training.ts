import type { AppContext } from '../context.ts';
import { runScrapeJob } from '../training/crawler.ts';
import { queueEmbeddings } from './embeddings.ts';
import { dispatchDueSchedules, runSchedule, TRAINING_SCHEDULE_QUEUE, TRAINING_TICK_QUEUE } from '../training/schedules.ts';
import { TRAINING_CRAWL_QUEUE } from '../training/websites.ts';
import { scrapeJobsRepo } from '../training/scrapeJobs.ts';

export { TRAINING_CRAWL_QUEUE, TRAINING_SCHEDULE_QUEUE, TRAINING_TICK_QUEUE };
export const TRAINING_QUEUES = [TRAINING_CRAWL_QUEUE, TRAINING_SCHEDULE_QUEUE, TRAINING_TICK_QUEUE];

/** Crawl jobs, the minutely dispatcher of due training schedules, and the scheduled reruns. */
export async function registerTrainingWorkers(ctx: AppContext) {
  await ctx.jobs.work<{ jobId: string }>(TRAINING_CRAWL_QUEUE, async (data) => {
    const done = await runScrapeJob(ctx, data.jobId);
    await queueEmbeddings(ctx, done?.chatbot_id);
  });
  await ctx.jobs.work<{ scheduleId: string }>(TRAINING_SCHEDULE_QUEUE, async (data, job) => {
    // A retried run continues the crawl its earlier attempt began, rather than leaving it "running" beside a new one.
    const unfinished = job.retried ? await scrapeJobsRepo.unfinishedOfSchedule(ctx.db, data.scheduleId) : null;
    const done = unfinished ? await runScrapeJob(ctx, unfinished.id) : await runSchedule(ctx, data.scheduleId);
    await queueEmbeddings(ctx, done?.chatbot_id);
  });
  await ctx.jobs.work(TRAINING_TICK_QUEUE, async () => {
    await dispatchDueSchedules(ctx);
  });
  await ctx.jobs.schedule(TRAINING_TICK_QUEUE, '* * * * *', {});
}
