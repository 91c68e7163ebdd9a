import type { FastifyInstance } from 'fastify';

/**
 * Every feature's routes, registered under their prefix. Adding a feature = one line here.
 * API routes live under /api/v1 and are authenticated by plugins/app/auth.ts, except /api/v1/public.
 */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(async (api) => {
    // feature route modules are registered here, e.g.: await api.register(usersRoutes);
  }, { prefix: '/api/v1' });
}
