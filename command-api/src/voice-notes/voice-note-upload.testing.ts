import type { ApiReply } from '../../testing';

export interface UploadFile {
  readonly bytes: Uint8Array;
  readonly type: string;
  /** The form field; "audio" unless a test sends it elsewhere. */
  readonly field?: string;
}

/**
 * For tests: POST /api/voice-notes as multipart/form-data, the way a browser's FormData sends it, with the
 * caller's session cookie (none: anonymous) and a same-site Origin.
 */
export async function uploadVoiceNote(
  baseUrl: string,
  cookie: string | undefined,
  fields: Record<string, string | readonly string[]>,
  ...files: UploadFile[]
): Promise<ApiReply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  }
  for (const file of files)
    form.append(file.field ?? 'audio', new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'recording');
  const headers: Record<string, string> = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${baseUrl}/api/voice-notes`, { method: 'POST', headers, body: form });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}
