/**
 * The one file of a multipart upload (a quick order's file, a bank's 입금내역), read into memory with
 * its limits: each broken limit answers its Korean message, never a 500 (docs/security.md#costly-work).
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './http.js';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * Reads the file of field `field` (at most `maxBytes`; a few short text fields beside it, each handed
 * to `onField`, which may refuse one by throwing an AppError). A file too large answers 413
 * `msg.tooLarge`; a second file answers 400 `msg.oneFile` when given; no file, a file under another
 * field, too many parts or a malformed body (the sender's fault) answer 400 `msg.missing`.
 */
export async function readOneFile(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
  msg: { missing: string; tooLarge: string; oneFile?: string },
  onField: (name: string, value: string) => void = () => {},
): Promise<UploadedFile> {
  let file: UploadedFile | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        onField(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw badRequest(msg.missing, field);
      }
      file = { filename: part.filename, data: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, msg.tooLarge, 413, field);
    if (code === 'FST_FILES_LIMIT' && msg.oneFile) throw badRequest(msg.oneFile, field);
    throw badRequest(msg.missing, field);
  }
  if (!file) throw badRequest(msg.missing, field);
  return file;
}
