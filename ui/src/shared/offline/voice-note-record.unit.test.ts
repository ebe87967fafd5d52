import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, listRecords, queueRecord } from './outbox';
import { sendRecord, syncOutbox } from './outbox-sync';
import type { VoiceNoteBody } from './voice-note-record';

const USER = 'carer-1';
const DEVICE = '6f1c1b8e-4a57-4a55-9d53-2b1c7f0a3e10';
const NOTE_ID = '0b7e4c1a-3f2d-4e6b-9a8c-5d1e2f3a4b5c';

interface Sent {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: RequestInit['body'];
}

/** A fake server: each request is logged, then answered with `status` (or no reply at all). */
function fakeServer(answer: (index: number) => number | 'network') {
  const sent: Sent[] = [];
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const status = answer(calls++);
      if (status === 'network') throw new TypeError('Failed to fetch');
      sent.push({ path, headers: init.headers as Record<string, string>, body: init.body });
      const reply = status < 300 ? { id: NOTE_ID, position: null } : { error: 'Client not found' };
      return new Response(JSON.stringify(reply), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

const voiceNote = (): VoiceNoteBody => ({
  fields: { title: 'Edith seemed tired', category: 'general', priority: 'medium', duration: '4', tags: '["mood"]' },
  audio: new Blob([new Uint8Array([26, 69, 223, 163, 1, 2, 3])], { type: 'audio/webm' }),
  fileName: 'voice-note.webm',
});

const request = () => ({
  id: NOTE_ID,
  userId: USER,
  method: 'POST' as const,
  path: '/api/voice-notes',
  body: voiceNote(),
  label: 'Voice note: Edith seemed tired',
  kind: 'voice-note' as const,
});

/** The bytes of the form's recording, as the server would read them. */
async function audioOf(body: RequestInit['body']): Promise<{ name: string; type: string; bytes: number[] }> {
  expect(body).toBeInstanceOf(FormData);
  const audio = (body as FormData).get('audio');
  expect(audio).toBeInstanceOf(Blob);
  const file = audio as File;
  return { name: file.name, type: file.type, bytes: [...new Uint8Array(await file.arrayBuffer())] };
}

beforeEach(async () => {
  await clearOutbox();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a voice note in the outbox', () => {
  it('keeps the recording through the queue and sends it as the form audio, under the note id, without a key', async () => {
    const sent = fakeServer((index) => (index === 0 ? 'network' : 201));
    // No reply: the note waits on the phone with its recording.
    expect(await sendRecord(request())).toEqual({ queued: true });
    const [waiting] = await listRecords(USER);
    expect(waiting?.kind).toBe('voice-note');
    expect((waiting?.body as VoiceNoteBody).audio).toBeInstanceOf(Blob);

    expect(await syncOutbox(USER, DEVICE)).toEqual({ sent: 1, refused: 0, stopped: false });

    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/voice-notes');
    expect(sent[0]?.headers).toMatchObject({ 'Captured-At': waiting?.capturedAt, 'Device-Id': DEVICE });
    expect(sent[0]?.headers).not.toHaveProperty('Idempotency-Key');
    const form = sent[0]?.body as FormData;
    expect(form.get('id')).toBe(NOTE_ID);
    expect(form.get('title')).toBe('Edith seemed tired');
    expect(form.get('tags')).toBe('["mood"]');
    expect(await audioOf(form)).toEqual({
      name: 'voice-note.webm',
      type: 'audio/webm',
      bytes: [26, 69, 223, 163, 1, 2, 3],
    });
    expect(await listRecords(USER)).toEqual([]);
  });

  it('is sent at once online under its own id, and with no key', async () => {
    const sent = fakeServer(() => 201);
    expect(await sendRecord(request())).toEqual({ queued: false, reply: { id: NOTE_ID, position: null } });
    expect((sent[0]?.body as FormData).get('id')).toBe(NOTE_ID);
    expect(sent[0]?.headers).not.toHaveProperty('Idempotency-Key');
    expect(await audioOf(sent[0]?.body)).toMatchObject({ bytes: [26, 69, 223, 163, 1, 2, 3] });
  });

  it('refused, waits under Needs attention and tells the office its fields, naming the recording by size and type', async () => {
    const sent = fakeServer((index) => (index === 0 ? 404 : 201));
    await queueRecord({ ...request(), capturedAt: '2026-11-28T09:02:00.000Z' });

    expect(await syncOutbox(USER, DEVICE)).toEqual({ sent: 0, refused: 1, stopped: false });

    expect(sent[1]?.path).toBe('/api/offline-records/unapplied');
    expect(sent[1]?.headers).toMatchObject({ 'Idempotency-Key': `unapplied-${NOTE_ID}` });
    expect(JSON.parse(String(sent[1]?.body))).toMatchObject({
      recordId: NOTE_ID,
      label: 'Voice note: Edith seemed tired',
      status: 404,
      body: {
        title: 'Edith seemed tired',
        duration: '4',
        recording: { fileName: 'voice-note.webm', size: 7, type: 'audio/webm' },
      },
    });
    const [kept] = await listRecords(USER);
    expect(kept).toMatchObject({ state: 'needs-attention', status: 404 });
    expect((kept?.body as VoiceNoteBody).audio).toBeInstanceOf(Blob);
  });
});
