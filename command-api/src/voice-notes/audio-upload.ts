import type { ParameterizedContext } from 'koa';
import multer from 'multer';
import { VOICE_NOTE_AUDIO_FIELD, VOICE_NOTE_MAX_BYTES, VOICE_NOTE_TOO_LARGE_MESSAGE } from '@care/events';
import { HttpError } from '@care/events/server';
import type { CommandState } from '../shared/command-state';

/**
 * The recording and the text fields of a multipart/form-data POST. multer keeps the file in memory (at most
 * VOICE_NOTE_MAX_BYTES, so a request can hold little) and stops reading as soon as a limit is passed.
 */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: VOICE_NOTE_MAX_BYTES,
    files: 1,
    fields: 20,
    fieldNameSize: 100,
    // Every text field is short (a title of 200 characters, 20 tags of 50): 16 kB is plenty.
    fieldSize: 16 * 1024,
    parts: 21,
  },
}).single(VOICE_NOTE_AUDIO_FIELD);

type UploadRequest = Parameters<typeof upload>[0];
type UploadResponse = Parameters<typeof upload>[1];

export interface ReceivedUpload {
  readonly file: { readonly mimeType: string; readonly bytes: Buffer } | undefined;
  /** Text fields: a string each, or a list of strings for a repeated field. */
  readonly fields: Record<string, unknown>;
}

const UNREADABLE = 'The upload could not be read: send multipart/form-data with the recording in the "audio" field';

/** multer's refusals as the replies the API promises (413 with the limit, 400 naming the problem). */
function uploadError(error: unknown): HttpError {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new HttpError(413, VOICE_NOTE_TOO_LARGE_MESSAGE);
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return new HttpError(400, 'Validation failed', {
          [VOICE_NOTE_AUDIO_FIELD]: 'Send exactly one file, in the "audio" field',
        });
      default:
        return new HttpError(413, 'The form has too many or too long fields');
    }
  }
  // busboy: a truncated body, a missing boundary, a malformed part header.
  return new HttpError(400, UNREADABLE);
}

export function receiveUpload(ctx: ParameterizedContext<CommandState>): Promise<ReceivedUpload> {
  const req = ctx.req as unknown as UploadRequest;
  return new Promise((resolve, reject) => {
    upload(req, ctx.res as unknown as UploadResponse, (error?: unknown) => {
      if (error) {
        reject(uploadError(error));
        return;
      }
      const file = req.file;
      resolve({
        file: file ? { mimeType: file.mimetype, bytes: file.buffer } : undefined,
        fields: { ...(req.body as Record<string, unknown> | undefined) },
      });
    });
  });
}
