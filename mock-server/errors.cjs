'use strict';
/**
 * Errors leave the mock-server exactly as they leave the real server: `{ error, message, details }`,
 * with the catalogue's keys, so the dashboard's error mapping can be exercised without a database.
 */
const { VALIDATION_FAILED_MESSAGE, validationDetails } = require('../contract/errors.ts');

class MockError extends Error {
  constructor(status, key, message, details) {
    super(message);
    this.status = status;
    this.key = key;
    this.details = details;
  }
}

const badRequest = (key, message, details) => new MockError(400, key, message, details);
const notFound = (what = 'Record') => new MockError(404, 'NotFound', `${what} not found`);
const forbidden = (key = 'Forbidden', message = 'Forbidden') => new MockError(403, key, message);
const conflict = (key, message) => new MockError(409, key, message);

/** zod's safeParse → the server's 400 ValidationFailed with one detail per field. */
function parse(schema, data) {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw badRequest('ValidationFailed', VALIDATION_FAILED_MESSAGE, validationDetails(r.error.issues));
}

/** Express error middleware: body-parser's JSON errors become InvalidJson, the rest keep their key. */
function errorHandler(err, req, res, next) {
  if (res.headersSent) return next(err);
  if (err instanceof MockError) {
    return res.status(err.status).json({ error: err.key, message: err.message, details: err.details });
  }
  if (err && err.type === 'entity.parse.failed') {
    return res.status(400).json({ error: 'InvalidJson', message: 'Body is not valid JSON', details: undefined });
  }
  if (err && err.type === 'entity.too.large') {
    return res.status(413).json({ error: 'FileTooLarge', message: 'File too large', details: undefined });
  }
  console.error(err);
  return res.status(500).json({ error: 'Unknown', message: 'Unknown error', details: undefined });
}

module.exports = { MockError, badRequest, notFound, forbidden, conflict, parse, errorHandler };
