import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { UPLOAD_MAX_BYTES } from './images';

/**
 * Uploads of the console (docs/console.md "photos"): register `uploadsPlugin` in the route plugin that
 * takes files (it stays inside that plugin), then read the one file of a request with `readUpload`.
 * One file per request: the page sends several at once as parallel requests, each with its own
 * progress bar and its own answer.
 */
export async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
    // The name as sent, folders included: a name with a path is refused, not silently shortened.
    preservePath: true,
  });
}

/** A file name as a person's computer names it: no folder, no control character, of a sane length. */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !/[/\\]/.test(name) &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
    !/[\u0000-\u001f\u007f]/.test(name) &&
    name !== '.' &&
    name !== '..' &&
    !name.startsWith('..')
  );
}

/** The uploaded file's bytes and name; a request without one, with a path for a name or too large is a 4xx. */
export async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'upload.notMultipart');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (!part) throw new AppError(400, 'BAD_REQUEST', 'upload.noFile');
  if (!isPlainFileName(part.filename)) {
    part.file.resume();
    throw new AppError(400, 'BAD_REQUEST', 'upload.fileName');
  }
  try {
    const bytes = await part.toBuffer();
    return { bytes, fileName: part.filename };
  } catch (error) {
    throw uploadError(error);
  }
}

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'upload.tooLarge', {
      megabytes: UPLOAD_MAX_BYTES / 1024 / 1024,
    });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(400, 'BAD_REQUEST', 'upload.oneFile');
  return new AppError(400, 'BAD_REQUEST', 'upload.broken');
}
