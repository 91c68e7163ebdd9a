/**
 * The extraction child process (started by extractionSandbox.ts): it reads one uploaded file and
 * answers with its text or rows, or with the error to send. Whatever a hostile file does here (hold
 * the CPU, fill the heap) happens outside the API process, which keeps answering, and ends with this process.
 */
import { AppError, badRequest } from '../errors.ts';
import type { ExtractionRequest, ExtractionResult } from './extractionSandbox.ts';
import { refuseZipBomb } from './zipBounds.ts';

// Each kind loads only its own readers (PDF, Word, spreadsheet): the child starts for every upload.
async function run(req: ExtractionRequest): Promise<unknown> {
  if (req.kind === 'document') {
    const { extractDocumentText } = await import('./extractDocument.ts');
    return extractDocumentText(Buffer.from(req.buf), req.type, req.limits);
  }
  // An xlsx file is a zip too; older spreadsheet formats are not, and XLSX reads them as they are.
  const buf = Buffer.from(req.buf);
  const testQuestions = req.kind === 'sheetRows' && req.import === 'testQuestions';
  if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50)
    refuseZipBomb(buf, req.limits.maxInflatedBytes, () => testQuestions
      ? badRequest('TestQuestionImportFailed', 'Test questions could not be imported: not a spreadsheet')
      : badRequest('QnaImportFailed', 'Question-answer pairs could not be imported: not a spreadsheet'));
  const { readQnaSheet, readSheetRows } = await import('./qna.ts');
  return req.kind === 'sheetRows' ? readSheetRows(buf, req.import) : readQnaSheet(buf);
}

// The API process went away (stopped, or gave up on this child): nobody waits for the answer.
process.once('disconnect', () => process.exit(0));

process.once('message', async (req: ExtractionRequest) => {
  let result: ExtractionResult;
  try {
    result = { ok: true, value: await run(req) };
  } catch (e) {
    const error = e instanceof AppError ? e : new AppError(415, 'FileTypeNotSupported', 'The file could not be read', { reason: (e as Error).message });
    result = { ok: false, error: { status: error.status, key: error.key, message: error.message, details: error.details } };
  }
  process.send!(result, () => process.exit(0));
});
