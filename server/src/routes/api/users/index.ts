import type { FastifyInstance } from 'fastify';
import { parse } from '../../../errors.ts';
import { patchUserBody } from '../../../schemas/contract.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { lookupUser, refuseUnstorableText, toApiUser, updateProfile, userForRequest } from '../../../services/users.ts';

/** users/lookup, users/{id}: the signed-in user (or the customer an admin acts as) with subscription and chatbot. */
export default async function usersRoutes(app: FastifyInstance) {
  app.get('/users/lookup', async (req) => {
    const auth = requireAuth(req);
    return lookupUser(app.ctx.db, auth.actingAs ?? auth.user);
  });

  app.get<{ Params: { id: string } }>('/users/:id', async (req) => lookupUser(app.ctx.db, await userForRequest(req, req.params.id)));

  app.patch<{ Params: { id: string } }>('/users/:id', async (req) => {
    const user = await userForRequest(req, req.params.id);
    refuseUnstorableText(req.body);
    const patch = parse(patchUserBody, req.body ?? {});
    return toApiUser(app.ctx.db, await updateProfile(app.ctx.db, user, patch, req.log));
  });
}
