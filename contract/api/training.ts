/**
 * Requests of the training resources (websites, webpages, scrape jobs, documents, question-answer pairs,
 * handover contacts, schedules) and of the statistics. Every training call is scoped to one chatbot (and
 * optionally a language): the dashboard's dataProvider adds them.
 */
import { z } from 'zod';
import { uuid } from '../ids.ts';
import { SCHEDULE_PRESETS, type SchedulePreset } from '../schedules.ts';
import { jsonParam } from './simpleRest.ts';

export const chatbotScope = { chatbotId: z.string().min(1), lang: z.string().min(2).max(10).optional() };

/** Ids in a filter (ra-data-simple-rest's getMany sends filter={"id":[...]}) or a selection: malformed ones are a 400. */
export const idList = z.array(uuid).max(5000);
export const idsBody = idList.min(1);
const text = (max: number) => z.string().trim().min(1, 'required').max(max);
const url = z.string().trim().min(1).max(2000);

// Any chatbot id that is not the caller's, malformed or too long included, is the tenancy check's 404.
export const statisticsQuery = z.strictObject({ chatbotId: z.string().min(1), tz: z.string().max(64).optional() });

// ---- websites and webpages ---------------------------------------------------

export const websiteFilter = z.object({ ...chatbotScope, id: idList.optional() });
export const createWebsiteBody = z.strictObject({
  ...chatbotScope,
  domain: url,
  crawl: z.enum(['spider', 'sitemap', 'single', 'none']).default('spider')
    .describe('How to collect the pages right away: follow links, read the sitemap, only the given page, or not yet.'),
});

export const webpageFilter = z.object({
  ...chatbotScope,
  websiteId: uuid.optional(),
  favorite: z.boolean().optional(),
  beingTrained: z.boolean().optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
});
export const webpageTreeFilter = z.object({ ...chatbotScope, websiteId: uuid.optional() });
/** The dashboard's update sends the whole record back; only the favorite flag is the user's to change. */
export const updateWebpageBody = z.object({ favorite: z.boolean() });
export const addWebpageBody = z.strictObject({ ...chatbotScope, url, scrapeSubsites: z.boolean().default(false) });
export const trainWebpagesBody = z.strictObject({
  ...chatbotScope, ids: idsBody.optional(), all: z.boolean().optional(), favorites: z.boolean().optional(), websiteId: uuid.optional(),
});
export const deleteWebpagesBody = z.strictObject({ ...chatbotScope, ids: idsBody });

// ---- scrape jobs -------------------------------------------------------------

export const SCRAPE_JOB_TYPES = ['spider', 'sitemap', 'single', 'rescrape', 'selective'] as const;
export const SCRAPE_JOB_STATUSES = ['initialized', 'running', 'completed', 'failed'] as const;
export const scrapeJobFilter = z.object({
  ...chatbotScope, websiteId: uuid.optional(), status: z.enum(SCRAPE_JOB_STATUSES).optional(), type: z.enum(SCRAPE_JOB_TYPES).optional(),
});
export const createScrapeJobBody = z.strictObject({
  ...chatbotScope,
  type: z.enum(SCRAPE_JOB_TYPES),
  websiteId: uuid.optional(),
  url: url.optional(),
  urls: z.array(z.string().max(2000)).max(5000).optional(),
  scrapeSubsites: z.boolean().optional(),
});

// ---- documents ---------------------------------------------------------------

export const documentFilter = z.object({ ...chatbotScope, type: z.enum(['pdf', 'docx', 'txt']).optional(), q: z.string().max(200).optional(), id: idList.optional() });
/** The form fields of an upload (or its query): the chatbot and the language of the document. */
export const documentUploadFields = z.object(chatbotScope);
export const documentFromUrlBody = z.strictObject({ ...chatbotScope, url: z.url({ protocol: /^https?$/ }).max(2000) });

// ---- question-answer pairs ---------------------------------------------------

export const qnaFilter = z.object({
  ...chatbotScope,
  active: z.boolean().optional(),
  q: z.string().max(200).optional(),
  fromChatHistory: z.boolean().optional(),
  hasLink: z.boolean().optional(),
  id: idList.optional(),
});
/** The fields the pairs list (and its export) may be sorted by. */
export const QNA_SORT_FIELDS = ['question', 'answer', 'createdAt', 'updatedAt', 'active', 'id'] as const;
/** qna.xlsx: the pairs the list's filter matches, in the list's order, the header row in the interface language. */
export const qnaExportQuery = z.object({
  filter: jsonParam(qnaFilter),
  sort: jsonParam(z.tuple([z.enum(QNA_SORT_FIELDS), z.enum(['ASC', 'DESC'])])).optional().describe(`JSON ["field","ASC"|"DESC"]; fields: ${QNA_SORT_FIELDS.join(', ')}; default oldest first`),
  locale: z.enum(['de', 'en']).optional().describe('language of the header row (Frage, Antwort / Question, Answer); none: question, answer'),
});
export const createQnaBody = z.strictObject({
  ...chatbotScope, question: text(2000), answer: text(20000), active: z.boolean().default(true), fromChatHistory: z.boolean().default(false),
});
/** react-admin sends the whole record back on update; only these fields are the user's to change. */
export const updateQnaBody = z.object({ question: text(2000).optional(), answer: text(20000).optional(), active: z.boolean().optional() });
export const activateQnaBody = z.strictObject({ ...chatbotScope, ids: idsBody, active: z.boolean() });
/** The form fields of an xlsx import: check (default) only reports, import stores all rows, skip all but the duplicates. */
export const qnaImportFields = z.object({ ...chatbotScope, mode: z.enum(['check', 'import', 'skip']).default('check') });

// ---- contacts ----------------------------------------------------------------

export const contactFilter = z.object({ ...chatbotScope, q: z.string().max(200).optional(), department: z.string().max(200).optional(), id: idList.optional() });

// ---- schedules ---------------------------------------------------------------

const presetEnum = z.enum(Object.keys(SCHEDULE_PRESETS) as [SchedulePreset, ...SchedulePreset[]]);
const cron = z.string().max(200).describe('five fields: minute hour day month weekday (UTC)');
export const scheduleFilter = z.object({ ...chatbotScope, websiteId: uuid.optional(), webpageId: uuid.optional(), id: idList.optional() });
export const nextRunsQuery = z.object({ cron: z.string().min(1).max(200), count: z.coerce.number().int().min(1).max(20).default(5) });
export const createScheduleBody = z.strictObject({
  ...chatbotScope,
  websiteId: uuid.optional(),
  webpageId: uuid.optional(),
  preset: presetEnum.nullable().optional().describe('wins over cron; neither means the default (every 1 January)'),
  cron: cron.nullable().optional(),
  includeSubsites: z.boolean().default(false),
  status: z.enum(['active', 'paused']).default('active'),
});
export const updateScheduleBody = z.object({
  preset: presetEnum.nullable().optional(),
  cron: cron.nullable().optional(),
  interval: z.string().max(200).optional().describe('the cron expression under its older name'),
  includeSubsites: z.boolean().optional(),
  status: z.enum(['active', 'paused']).optional(),
});
