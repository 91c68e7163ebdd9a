import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { patchUserBody, userLookup, apiUser } from '../../../../../contract/api/account.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { lookupUser, toApiUser, updateProfile, userForCaller } from '../../../services/users.ts';

const params = z.object({ id: pathId });

/** users/lookup, users/{id}: the signed-in user (or the customer an admin acts as) with subscription and chatbot. */
export default async function usersRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get('/users/lookup', { schema: { response: { 200: userLookup } } }, async (req) => {
    const auth = requireAuth(req);
    return lookupUser(db, auth.actingAs ?? auth.user);
  });

  api.get('/users/:id', { schema: { params, response: { 200: userLookup } } }, async (req) =>
    lookupUser(db, await userForCaller(db, requireAuth(req), req.params.id)),
  );

  // Every field is optional: an empty body changes nothing and answers the user.
  api.patch('/users/:id', { schema: { params, body: patchUserBody.optional(), response: { 200: apiUser } } }, async (req) => {
    const user = await userForCaller(db, requireAuth(req), req.params.id);
    return toApiUser(db, await updateProfile(db, user, req.body ?? {}, req.log));
  });
}
