import type { Db } from '../db/index.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { scrapeJobsRepo } from '../training/scrapeJobs.ts';
import { TRAINING_CRAWL_QUEUE } from '../training/websites.ts';
import { TRAINING_SCHEDULE_QUEUE } from '../training/schedules.ts';
import { INITIAL_SETUP_QUEUE } from './initialSetup.ts';
import type { GivenUpJob } from './recovery.ts';

const MESSAGE = 'The process running this job stopped several times';

/**
 * A job that kept killing the processes running it is failed (recovery.ts); what the dashboard shows
 * for it must end too, never stay "running".
 */
export async function giveUpJob(db: Db, job: GivenUpJob) {
  const data = (job.data ?? {}) as { jobId?: string; chatbotId?: string; scheduleId?: string };
  if (job.name === TRAINING_CRAWL_QUEUE && data.jobId) await scrapeJobsRepo.abandon(db, data.jobId, MESSAGE);
  if (job.name === TRAINING_SCHEDULE_QUEUE && data.scheduleId) {
    const running = await scrapeJobsRepo.unfinishedOfSchedule(db, data.scheduleId);
    if (running) await scrapeJobsRepo.abandon(db, running.id, MESSAGE);
  }
  if (job.name === INITIAL_SETUP_QUEUE && data.chatbotId) {
    await chatbotsRepo.setInitialSetup(db, data.chatbotId, 'failed', { pagesFound: 0, pagesTrained: 0, message: MESSAGE });
    const running = await scrapeJobsRepo.unfinishedSetupCrawl(db, data.chatbotId);
    if (running) await scrapeJobsRepo.abandon(db, running.id, MESSAGE);
  }
}
