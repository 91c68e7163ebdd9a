import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiObject, apiRecord } from '../../../../../contract/api/common.ts';
import { answerGapBody, GAP_SORTABLE, knowledgeGapFilter, reaskGapBody } from '../../../../../contract/api/knowledgeGaps.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { refuseUnstorableText } from '../../../services/users.ts';
import {
  answerGap, dismissGap, gapSuggestions, listGaps, proofPair, reaskGap, requireGap,
} from '../../../services/knowledgeGaps.ts';
import { scoped } from '../../../training/scope.ts';
import { listQuery, sendList } from '../../simpleRest.ts';

const gap = apiRecord('a group of similar questions the bot could not answer well: chatbotId, lang, question, questions, count, firstAt, lastAt, reasons, lastAnswer, status, qnaId');
const params = z.object({ id: pathId });

/**
 * Knowledge gaps: the groups (simple-rest list and one record), the suggestions of the "answer it" form,
 * answer (a Q&A pair), dismiss, and reask (the proof, old answer beside new).
 */
export default async function knowledgeGapsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const gapOf = (req: FastifyRequest, id: string) => {
    const auth = requireAuth(req);
    return requireGap(db, id, (chatbotId) => requireChatbot(db, auth, chatbotId));
  };

  const list = listQuery(knowledgeGapFilter, { sortable: GAP_SORTABLE, defaultSort: ['count', 'DESC'] });
  api.get('/knowledge-gaps', { schema: { querystring: list, response: { 200: z.array(gap) } } }, async (req, reply) => {
    const q = req.query;
    const { bot } = await scoped(req, q.filter.chatbotId);
    refuseUnstorableText(q.filter);
    const { total, rows } = await listGaps(db, bot, q.filter, q);
    return sendList(reply, 'knowledge-gaps', rows, total, q.offset);
  });

  api.get('/knowledge-gaps/:id', { schema: { params, response: { 200: gap } } }, async (req) => (await gapOf(req, req.params.id)).api);

  api.get('/knowledge-gaps/:id/suggestions', {
    schema: { params, response: { 200: apiObject('question, passages (the bot\'s best passages: id, text, heading, score, source), pairs (nearest existing Q&A pairs)') } },
  }, async (req) => {
    const { bot, group } = await gapOf(req, req.params.id);
    return gapSuggestions(db, bot, group);
  });

  api.post('/knowledge-gaps/:id/answer', {
    schema: { params, body: answerGapBody, response: { 200: apiObject('qna (the pair written), created, gap (the group, status answered)') } },
  }, async (req) => {
    refuseUnstorableText(req.body);
    const { bot, group } = await gapOf(req, req.params.id);
    const r = await answerGap(app.ctx, bot, group, req.body);
    return { ...r, gap: (await gapOf(req, req.params.id)).api };
  });

  api.post('/knowledge-gaps/:id/dismiss', { schema: { params, response: { 200: gap } } }, async (req) => {
    const { bot, group, api: record } = await gapOf(req, req.params.id);
    await dismissGap(db, bot, group);
    return record;
  });

  api.post('/knowledge-gaps/:id/reask', {
    schema: {
      params,
      body: reaskGapBody.nullish(),
      response: { 200: apiObject('closed, qnaId, results: per question before and after (answer, answeredBy, sources) and usesNew') },
    },
  }, async (req) => {
    const { bot, group, decided } = await gapOf(req, req.params.id);
    const qnaId = await proofPair(db, bot, req.body?.qnaId, decided.qnaId);
    return reaskGap(app.ctx, bot, group, qnaId, req.params.id, req.log);
  });
}
