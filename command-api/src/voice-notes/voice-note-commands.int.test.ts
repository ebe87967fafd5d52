import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { carerStreamId, positionToToken, voiceNoteStreamId, type EventStore } from '@care/events';
import { newEvent } from '@care/events/testing';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';
import { SAMPLE_HEADERS, fakeWebm } from './audio-samples.testing';
import { uploadVoiceNote, type UploadFile } from './voice-note-upload.testing';
import { VoiceNoteService } from './voice-note-service';

let api: RunningCommandApi;
let carer: TestUser;
let otherCarer: TestUser;
let coordinator: TestUser;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'voice_note_cmds');
  [carer, otherCarer, coordinator] = await Promise.all([
    api.createUser('carer'),
    api.createUser('carer'),
    api.createUser('coordinator'),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_AUDIO = { error: 'Only audio recordings can be uploaded (WebM, MP4, Ogg, MP3 or WAV)' };
const webm = (size = 4096): UploadFile => ({ bytes: fakeWebm(size), type: 'audio/webm;codecs=opus' });
const upload = (user: TestUser | undefined, fields: Record<string, string | string[]>, ...files: UploadFile[]) =>
  uploadVoiceNote(api.baseUrl, user?.cookie, fields, ...files);

const blobCount = async () =>
  Number((await api.pool.query<{ count: string }>('SELECT count(*) FROM media.audio')).rows[0]!.count);
const blobOf = async (id: string) =>
  (
    await api.pool.query<{
      content: Buffer;
      mime_type: string;
      byte_size: number;
      sha256: string;
      uploaded_by: string;
    }>('SELECT content, mime_type, byte_size, sha256, uploaded_by FROM media.audio WHERE audio_id = $1', [id])
  ).rows[0];

/** Runs a request that must be refused, and proves it appended no event and kept no audio. */
async function refusedWithoutTrace(send: () => Promise<ApiReply>): Promise<ApiReply> {
  const before = await settledLog(api.store);
  const blobs = await blobCount();
  const reply = await send();
  expect(await appendedSince(api.store, before)).toEqual([]);
  expect(await blobCount()).toBe(blobs);
  return reply;
}

async function record(user: TestUser, fields: Record<string, string | string[]> = {}) {
  const reply = await upload(user, { title: 'Evening visit', duration: '30', ...fields }, webm());
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { id: string; revision: string; position: string };
}

describe('POST /api/voice-notes', () => {
  it('keeps the audio and records the note with every field, answering with id, revision and position', async () => {
    const audio = webm(6000);
    const clientId = randomUUID();
    await api.store.append(`client-${clientId}`, [newEvent('ClientRegistered', { clientId })], 'no_stream');
    const carerReply = await api.request('POST', '/api/carers', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    });
    expect(carerReply.status).toBe(201);
    const appointmentId = randomUUID();

    // Staff link a note to any record (a carer only within their work: shared/carer-work.int.test.ts).
    const reply = await upload(
      coordinator,
      {
        title: '  Evening visit  ',
        category: 'observation',
        priority: 'urgent',
        clientId,
        carerId: carerReply.body.id,
        appointmentId,
        duration: '42',
        tags: '["Falls", "falls", " night "]',
        isPrivate: 'true',
      },
      audio,
    );

    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({ id: expect.stringMatching(UUID), revision: '0', position: expect.any(String) });
    const id = reply.body.id as string;
    const [recorded, ...rest] = await api.store.readStream(voiceNoteStreamId(id));
    expect(rest).toEqual([]);
    expect(positionToToken(recorded!.position)).toBe(reply.body.position);
    expect(recorded!.type).toBe('VoiceNoteRecorded');
    expect(recorded!.data).toEqual({
      id,
      userId: coordinator.id,
      clientId,
      carerId: carerReply.body.id,
      appointmentId,
      diaryEntryId: null,
      title: 'Evening visit',
      category: 'observation',
      priority: 'urgent',
      audioUrl: `/api/voice-notes/${id}/audio`,
      audioFormat: 'webm',
      // multipart parsing keeps the media type without its parameters (the codec is inside the container anyway).
      mimeType: 'audio/webm',
      duration: 42,
      fileSize: 6000,
      sha256: createHash('sha256').update(audio.bytes).digest('hex'),
      transcription: null,
      tags: ['Falls', 'night'],
      isPrivate: true,
    });
    expect(recorded!.metadata).toMatchObject({
      userId: coordinator.id,
      correlationId: reply.headers.get('x-request-id'),
    });

    const blob = await blobOf(id);
    expect(blob).toMatchObject({ mime_type: 'audio/webm', byte_size: 6000, uploaded_by: coordinator.id });
    expect(Buffer.compare(blob!.content, Buffer.from(audio.bytes))).toBe(0);
    expect(blob!.sha256).toBe((recorded!.data as { sha256: string }).sha256);
  });

  it('records a note sent again under the id the phone gave it once, and refuses that id for another recording', async () => {
    const id = randomUUID();
    const audio = webm(5000);
    const fields = { id, title: 'Recorded without signal', duration: '12' };
    const first = await upload(carer, fields, audio);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ id, revision: '0' });

    const again = await refusedWithoutTrace(() => upload(carer, fields, audio));
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await api.store.readStream(voiceNoteStreamId(id))).toHaveLength(1);

    const other = await refusedWithoutTrace(() => upload(carer, fields, webm(5001)));
    expect(other.status).toBe(409);
    expect(other.body.fields).toEqual({ id: 'Another voice note already has this ID' });
    const someoneElse = await refusedWithoutTrace(() => upload(otherCarer, fields, audio));
    expect(someoneElse.status).toBe(409);
  });

  it('applies the defaults: category general, priority medium, not private, no tags, no linked records', async () => {
    const { id } = await record(carer, { title: 'Quick note', duration: '1' });
    const [recorded] = await api.store.readStream(voiceNoteStreamId(id));
    expect(recorded!.data).toMatchObject({
      category: 'general',
      priority: 'medium',
      isPrivate: false,
      tags: [],
      clientId: null,
      carerId: null,
      appointmentId: null,
      diaryEntryId: null,
      duration: 1,
    });
  });

  it('takes tags as a repeated field too, and every accepted container with its format', async () => {
    const repeated = await record(carer, { tags: ['medication', 'evening'] });
    expect((await api.store.readStream(voiceNoteStreamId(repeated.id)))[0]!.data).toMatchObject({
      tags: ['medication', 'evening'],
    });
    for (const [type, bytes, format] of [
      ['audio/mp4', SAMPLE_HEADERS.mp4, 'mp4'],
      ['audio/ogg;codecs=opus', SAMPLE_HEADERS.ogg, 'ogg'],
      ['audio/mpeg', SAMPLE_HEADERS.mp3Tagged, 'mpeg'],
      ['audio/wav', SAMPLE_HEADERS.wav, 'wav'],
    ] as const) {
      const reply = await upload(carer, { title: format, duration: '5' }, { bytes, type });
      expect(reply.status, reply.text).toBe(201);
      const [recorded] = await api.store.readStream(voiceNoteStreamId(reply.body.id));
      expect(recorded!.data).toMatchObject({
        audioFormat: format,
        mimeType: type.split(';')[0],
        fileSize: bytes.length,
      });
    }
  });

  it('refuses a request without the audio file, naming the missing fields, and keeps nothing', async () => {
    const reply = await refusedWithoutTrace(() => upload(carer, { duration: '10' }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: { title: 'Title is required', audio: 'Audio file is required' },
    });
    const empty = await refusedWithoutTrace(() =>
      upload(carer, { title: 'Empty', duration: '10' }, { bytes: new Uint8Array(0), type: 'audio/webm' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Validation failed', fields: { audio: 'Audio file is required' } });
  });

  it('refuses bad fields with a message for each and keeps nothing', async () => {
    const reply = await refusedWithoutTrace(() =>
      upload(
        carer,
        {
          title: 'x'.repeat(201),
          category: 'c'.repeat(51),
          priority: 'whenever',
          clientId: 'not-a-uuid',
          diaryEntryId: '42',
          duration: '301',
          tags: '["fine", ',
          isPrivate: 'maybe',
        },
        webm(),
      ),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: {
        title: 'Must be at most 200 characters',
        category: 'Must be at most 50 characters',
        priority: 'Priority must be low, medium, high or urgent',
        clientId: 'Client ID must be a UUID',
        diaryEntryId: 'Diary entry ID must be a UUID',
        duration: 'Duration must be a whole number of seconds from 1 to 300',
        tags: 'Tags must be a JSON array of texts',
        isPrivate: 'Private must be true or false',
      },
    });
    for (const duration of ['0', '2.5', 'long', '']) {
      const bad = await upload(carer, { title: 'Duration', duration }, webm());
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ duration: 'Duration must be a whole number of seconds from 1 to 300' });
    }
    const tooManyTags = await upload(
      carer,
      { title: 'Tags', duration: '3', tags: JSON.stringify(Array.from({ length: 21 }, (_, i) => `t${i}`)) },
      webm(),
    );
    expect(tooManyTags.body.fields).toEqual({ tags: 'At most 20 entries' });
  });

  it('refuses a file that is not audio with 415, whatever type it claims, and keeps nothing', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 not a recording');
    for (const file of [
      { bytes: pdf, type: 'application/pdf' },
      { bytes: pdf, type: 'audio/webm' },
      { bytes: SAMPLE_HEADERS.webm, type: 'video/webm' },
      { bytes: SAMPLE_HEADERS.ogg, type: 'audio/wav' },
    ]) {
      const reply = await refusedWithoutTrace(() => upload(carer, { title: 'Not audio', duration: '3' }, file));
      expect({ type: file.type, status: reply.status, body: reply.body }).toEqual({
        type: file.type,
        status: 415,
        body: NOT_AUDIO,
      });
    }
  });

  it('takes a file of exactly 10 MB and refuses a larger one with 413 stating the limit', async () => {
    const limit = 10 * 1024 * 1024;
    const accepted = await upload(carer, { title: 'Long visit', duration: '300' }, webm(limit));
    expect(accepted.status, accepted.text).toBe(201);
    expect((await blobOf(accepted.body.id))!.byte_size).toBe(limit);

    const reply = await refusedWithoutTrace(() =>
      upload(carer, { title: 'Too long', duration: '300' }, webm(limit + 1)),
    );
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ error: 'Audio files must be at most 10 MB' });
  });

  it('refuses more than one file, a file in another field, a malformed body, and JSON', async () => {
    const two = await refusedWithoutTrace(() => upload(carer, { title: 'Two', duration: '3' }, webm(), webm()));
    expect(two.status).toBe(400);
    expect(two.body).toEqual({
      error: 'Validation failed',
      fields: { audio: 'Send exactly one file, in the "audio" field' },
    });
    const elsewhere = await refusedWithoutTrace(() =>
      upload(carer, { title: 'Elsewhere', duration: '3' }, { ...webm(), field: 'attachment' }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toEqual({ audio: 'Send exactly one file, in the "audio" field' });

    const truncated = await refusedWithoutTrace(() =>
      carer.request(
        'POST',
        '/api/voice-notes',
        '--boundary\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut',
        {
          'content-type': 'multipart/form-data; boundary=boundary',
        },
      ),
    );
    expect(truncated.status).toBe(400);
    expect(truncated.body).toEqual({
      error: 'The upload could not be read: send multipart/form-data with the recording in the "audio" field',
    });

    const json = await refusedWithoutTrace(() =>
      carer.request('POST', '/api/voice-notes', { title: 'JSON', duration: 3 }),
    );
    expect(json.status).toBe(415);
    expect(json.body).toEqual({
      error: 'Send the voice note as multipart/form-data with the recording in the "audio" field',
    });
  });

  it('still refuses multipart bodies on every other route with 415', async () => {
    const form = new FormData();
    form.append('firstName', 'Ada');
    const response = await fetch(`${api.baseUrl}/api/carers`, {
      method: 'POST',
      headers: { cookie: api.admin.cookie, origin: api.baseUrl },
      body: form,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'Send the request body as application/json' });
  });

  it('refuses a client or carer that does not exist or was removed, on its field, and keeps nothing', async () => {
    const removedClient = randomUUID();
    await api.store.append(
      `client-${removedClient}`,
      [
        newEvent('ClientRegistered', { clientId: removedClient }),
        newEvent('ClientRemoved', { clientId: removedClient }),
      ],
      'no_stream',
    );
    const removedCarer = randomUUID();
    await api.store.append(
      carerStreamId(removedCarer),
      [newEvent('CarerRegistered', { carerId: removedCarer }), newEvent('CarerRemoved', { carerId: removedCarer })],
      'no_stream',
    );
    for (const [fields, expected] of [
      [{ clientId: randomUUID() }, { clientId: 'Client not found' }],
      [{ clientId: removedClient }, { clientId: 'Client not found' }],
      [{ carerId: randomUUID() }, { carerId: 'Carer not found' }],
      [{ carerId: removedCarer }, { carerId: 'Carer not found' }],
      [{ diaryEntryId: randomUUID() }, { diaryEntryId: 'Diary entry not found' }],
    ] as const) {
      const reply = await refusedWithoutTrace(() =>
        upload(coordinator, { title: 'Linked', duration: '3', ...fields }, webm()),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: Object.values(expected)[0], fields: expected });
    }
  });

  it('answers anonymous callers 401 before reading the upload', async () => {
    const reply = await refusedWithoutTrace(() => upload(undefined, { title: 'Anonymous', duration: '3' }, webm()));
    expect(reply.status).toBe(401);
    expect(reply.text).toBe('Unauthorized');
  });

  it('deletes the audio it stored when the event cannot be appended', async () => {
    const failing: EventStore = Object.create(api.store, {
      append: { value: async () => Promise.reject(new Error('event store unavailable')) },
    });
    const service = new VoiceNoteService(failing, api.pool);
    const blobs = await blobCount();
    await expect(
      service.record(
        { title: 'Lost', category: 'general', priority: 'medium', duration: 3, tags: [], isPrivate: false },
        { mimeType: 'audio/webm', bytes: Buffer.from(fakeWebm(100)) },
        { kind: 'carer', userId: carer.id },
        { userId: carer.id, requestId: 'test' },
      ),
    ).rejects.toThrow('event store unavailable');
    expect(await blobCount()).toBe(blobs);
  });
});

describe('DELETE /api/voice-notes/:id', () => {
  it('lets the author delete their note: VoiceNoteRemoved, and a second delete is 404', async () => {
    const { id } = await record(carer);
    const reply = await carer.request('DELETE', `/api/voice-notes/${id}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ id, revision: '1', position: expect.any(String) });
    const stream = await api.store.readStream(voiceNoteStreamId(id));
    expect(stream.map((event) => [event.type, event.data])).toEqual([
      ['VoiceNoteRecorded', expect.objectContaining({ id })],
      ['VoiceNoteRemoved', { id }],
    ]);
    expect(await blobOf(id)).toBeDefined(); // the recording stays with the legal record
    const again = await refusedWithoutTrace(() => carer.request('DELETE', `/api/voice-notes/${id}`));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Voice note not found' });
  });

  it("lets a coordinator delete anyone's note, and answers another carer as for an unknown note (404)", async () => {
    // About no client of the other carer's work: they may not even hear it.
    const shared = await record(carer);
    const forbidden = await refusedWithoutTrace(() => otherCarer.request('DELETE', `/api/voice-notes/${shared.id}`));
    expect(forbidden.status).toBe(404);
    expect(forbidden.body).toEqual({ error: 'Voice note not found' });

    const hidden = await record(carer, { isPrivate: 'true' });
    const notFound = await refusedWithoutTrace(() => otherCarer.request('DELETE', `/api/voice-notes/${hidden.id}`));
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ error: 'Voice note not found' });

    expect((await coordinator.request('DELETE', `/api/voice-notes/${shared.id}`)).status).toBe(200);
    expect((await coordinator.request('DELETE', `/api/voice-notes/${hidden.id}`)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed ids, 409 for a stale If-Match, 401 without a session', async () => {
    expect((await carer.request('DELETE', `/api/voice-notes/${randomUUID()}`)).status).toBe(404);
    const malformed = await carer.request('DELETE', '/api/voice-notes/not-an-id');
    expect({ status: malformed.status, body: malformed.body }).toEqual({
      status: 404,
      body: { error: 'Voice note not found' },
    });
    const { id } = await record(carer);
    const stale = await refusedWithoutTrace(() =>
      carer.request('DELETE', `/api/voice-notes/${id}`, undefined, { 'if-match': '"7"' }),
    );
    expect(stale.status).toBe(409);
    const anonymous = await refusedWithoutTrace(() => api.anonymous('DELETE', `/api/voice-notes/${id}`));
    expect(anonymous.status).toBe(401);
    expect((await carer.request('DELETE', `/api/voice-notes/${id}`, undefined, { 'if-match': '"0"' })).status).toBe(
      200,
    );
  });
});
