import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';

/** The one error handler: every failure leaves the API as { error, message, details }. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500 && err.key !== 'FeatureNotConfigured') req.log.error({ err }, err.message);
      return reply.status(err.status).send({ error: err.key, message: err.message, details: err.details });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413)
      return reply.status(413).send({ error: 'FileTooLarge', message: 'File too large' });
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ error: 'UnsupportedMediaType', message: fe.message });
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
      return reply.status(400).send({ error: 'InvalidJson', message: 'Malformed JSON body' });
    if (fe.statusCode === 429) return reply.status(429).send({ error: 'RateLimited', message: fe.message });
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
      return reply.status(fe.statusCode).send({ error: 'Unknown', message: fe.message });
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Unknown', message: 'Unknown error' });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ error: 'NotFound', message: `Route ${req.method} ${req.url.split('?')[0]} not found` }),
  );
}
