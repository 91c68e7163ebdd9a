import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest, tooLarge } from '../errors.ts';
import { refuseUnstorableText } from '../services/users.ts';

/** Room next to the file for the form's fields and part headers. */
const FORM_BYTES = 64 * 1024;

/**
 * Multipart uploads of one file up to `maxFileBytes` for the routes of this plugin. A body that declares
 * more is refused before it is read; one without a declared length (chunked) is cut off by the file
 * limit. Either way the connection is closed after the 413, so the rest of the body is not taken in.
 */
export async function acceptUploads(app: FastifyInstance, maxFileBytes: number) {
  await app.register(multipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: FORM_BYTES, parts: 11 } });
  app.addHook('onRequest', async (req, reply) => {
    if (Number(req.headers['content-length']) > maxFileBytes + FORM_BYTES) {
      reply.header('connection', 'close');
      throw tooLarge();
    }
  });
}

/** The uploaded file and the form fields sent before it. */
export async function uploadedFile(req: FastifyRequest, reply: FastifyReply) {
  if (!req.isMultipart()) throw badRequest('ValidationFailed', 'Send the file as multipart/form-data', [{ path: 'file', message: 'required' }]);
  const part = await req.file();
  if (!part) throw badRequest('ValidationFailed', 'No file', [{ path: 'file', message: 'required' }]);
  let buf: Buffer;
  try {
    // busboy ends a file cut at the limit only at the part's closing boundary, after reading the rest:
    // the limit event answers at once.
    buf = await new Promise<Buffer>((resolve, reject) => {
      part.file.once('limit', () => reject(tooLarge()));
      part.toBuffer().then(resolve, reject);
    });
  } catch (e) {
    reply.header('connection', 'close');
    throw e;
  }
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([k, v]) => (v && !Array.isArray(v) && v.type === 'field' ? [[k, String(v.value)]] : [])),
  );
  // Form fields are text like a JSON body's (the storable-text hook skips multipart bodies): same refusal.
  refuseUnstorableText(fields, ['body']);
  return { buf, name: part.filename, fields };
}
