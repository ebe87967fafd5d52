import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { VoiceNoteView } from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { requester, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
// The command API's own test helpers for the multipart upload (scripts/ import across packages the same way).
import { fakeWebm } from '../../../command-api/src/voice-notes/audio-samples.testing';
import { uploadVoiceNote } from '../../../command-api/src/voice-notes/voice-note-upload.testing';
import { createReadApi, type ReadApi } from '../app';

const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let readApi: ReadApi;
let readUrl: string;
let projector: RunningProjector;
let author: TestUser;
let colleague: TestUser;
let coordinator: TestUser;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'voice_note_reads');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  author = await command.createUser('carer', { firstName: 'Priya', lastName: 'Shah' });
  colleague = await command.createUser('carer', { firstName: 'Tom', lastName: 'Rigby' });
  coordinator = await command.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

/** The furthest write so far: every read waits for it, so the lists always include what the test wrote. */
let lastPosition = '';
const read = (user: TestUser | undefined, path: string, headers: Record<string, string> = {}) =>
  requester(readUrl, user?.cookie)(
    'GET',
    path,
    undefined,
    lastPosition ? { 'x-min-position': lastPosition, ...headers } : headers,
  );

async function record(user: TestUser, fields: Record<string, string> = {}, content = fakeWebm(3000)) {
  const reply = await uploadVoiceNote(
    command.baseUrl,
    user.cookie,
    { title: 'Visit note', duration: '12', ...fields },
    {
      bytes: content,
      type: 'audio/webm',
    },
  );
  expect(reply.status, reply.text).toBe(201);
  lastPosition = reply.body.position;
  return reply.body.id as string;
}

const listOf = async (user: TestUser, query = '') => {
  const reply = await read(user, `/api/voice-notes${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as VoiceNoteView[];
};
const ids = (notes: readonly VoiceNoteView[]) => notes.map((note) => note.id);

/** GET of the audio as raw bytes (after the test's last write, like `read`). */
async function audio(user: TestUser | undefined, id: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${readUrl}/api/voice-notes/${id}/audio`, {
    method,
    headers: { ...(user ? { cookie: user.cookie } : {}), 'x-min-position': lastPosition, ...headers },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /api/voice-notes', () => {
  it("lists notes newest first with every field and the author's name", async () => {
    const carerReply = await command.request('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2025-02-03',
      // The author's own carer record: a carer names no other (the command API answers 404).
      userId: author.id,
    });
    expect(carerReply.status).toBe(201);
    const first = await record(author, { title: 'Morning visit', tags: '["breakfast"]' });
    const second = await record(author, {
      title: 'Evening visit',
      category: 'medication',
      priority: 'high',
      carerId: carerReply.body.id,
      duration: '95',
    });

    // A note about no client is the author's and the office's (a carer reads notes about their clients: carer-work.int.test.ts).
    const notes = await listOf(coordinator);
    expect(ids(notes).slice(0, 2)).toEqual([second, first]);
    expect(notes[0]).toEqual({
      id: second,
      userId: author.id,
      clientId: null,
      carerId: carerReply.body.id,
      appointmentId: null,
      diaryEntryId: null,
      title: 'Evening visit',
      category: 'medication',
      priority: 'high',
      audioUrl: `/api/voice-notes/${second}/audio`,
      audioFormat: 'webm',
      mimeType: 'audio/webm',
      duration: 95,
      fileSize: 3000,
      transcription: null,
      tags: [],
      isPrivate: false,
      revision: '0',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      author: { firstName: 'Priya', lastName: 'Shah' },
    });
    expect(notes[1]).toMatchObject({
      title: 'Morning visit',
      category: 'general',
      priority: 'medium',
      tags: ['breakfast'],
    });

    expect(ids(await listOf(coordinator, `?carerId=${carerReply.body.id}`))).toEqual([second]);
    expect(ids(await listOf(coordinator, '?limit=1'))).toEqual([ids(notes)[0]]);
  });

  it('shows a private note only to its author and to coordinators and admins', async () => {
    const hidden = await record(author, { title: 'Private worry', isPrivate: 'true' });
    expect(ids(await listOf(author))).toContain(hidden);
    expect(ids(await listOf(coordinator))).toContain(hidden);
    expect(ids(await listOf(colleague))).not.toContain(hidden);

    expect((await audio(author, hidden)).status).toBe(200);
    expect((await audio(coordinator, hidden)).status).toBe(200);
    const refused = await audio(colleague, hidden);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString())).toEqual({ error: 'Voice note not found' });
  });

  it('drops a removed note from the list and stops serving its audio', async () => {
    const id = await record(author, { title: 'Recorded by mistake' });
    expect(ids(await listOf(author))).toContain(id);
    const removed = await author.request('DELETE', `/api/voice-notes/${id}`);
    expect(removed.status).toBe(200);
    lastPosition = removed.body.position;
    expect(ids(await listOf(author))).not.toContain(id);
    expect((await audio(author, id)).status).toBe(404);
  });

  it('pages the list on the server: limit and offset, newest first, and the total of what the caller may see', async () => {
    for (const title of ['Page one', 'Page two', 'Page three']) await record(author, { title });
    const whole = await read(author, '/api/voice-notes?limit=500');
    const all = whole.body as VoiceNoteView[];
    expect(Number(whole.headers.get('x-total-count'))).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const second = await read(author, '/api/voice-notes?limit=2&offset=1');
    expect([second.headers.get('x-total-count'), ids(second.body as VoiceNoteView[])]).toEqual([
      String(all.length),
      ids(all.slice(1, 3)),
    ]);
    // Another carer counts only the notes they may see.
    const theirs = await read(colleague, '/api/voice-notes?limit=1');
    expect(Number(theirs.headers.get('x-total-count'))).toBeLessThan(all.length);
  });

  it('validates its filters and answers anonymous callers 401', async () => {
    const bad = await read(author, '/api/voice-notes?clientId=nope&limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Validation failed',
      fields: { clientId: 'Client ID must be a UUID', limit: 'Limit must be a whole number from 1 to 500' },
    });
    const anonymous = await read(undefined, '/api/voice-notes');
    expect({ status: anonymous.status, text: anonymous.text }).toEqual({ status: 401, text: 'Unauthorized' });
  });
});

describe('GET /api/voice-notes/:id/audio', () => {
  it('serves the recording with its type and length, and single byte ranges for seeking', async () => {
    const content = fakeWebm(5000);
    const id = await record(author, {}, content);

    const whole = await audio(coordinator, id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('content-length')).toBe('5000');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.compare(whole.bytes, Buffer.from(content))).toBe(0);
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const part = await audio(coordinator, id, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.compare(part.bytes, Buffer.from(content.subarray(100, 200)))).toBe(0);

    const tail = await audio(coordinator, id, { range: 'bytes=-10' });
    expect(tail.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    expect(Buffer.compare(tail.bytes, Buffer.from(content.subarray(4990)))).toBe(0);
    const open = await audio(coordinator, id, { range: 'bytes=4000-' });
    expect(open.headers.get('content-range')).toBe('bytes 4000-4999/5000');
    expect(open.bytes.length).toBe(1000);

    const beyond = await audio(coordinator, id, { range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5000');
    expect(beyond.headers.get('content-type')).toMatch(/^application\/json/);

    // A range against another version of the bytes is not honoured: the whole recording comes back.
    const stale = await audio(coordinator, id, { range: 'bytes=0-9', 'if-range': '"0000"' });
    expect(stale.status).toBe(200);
    expect(stale.bytes.length).toBe(5000);
    expect((await audio(coordinator, id, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);

    const head = await audio(coordinator, id, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('5000');
    expect(head.bytes.length).toBe(0);
  });

  it('answers 404 for unknown and malformed ids and 401 without a session', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const reply = await audio(author, id);
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.bytes.toString())).toEqual({ error: 'Voice note not found' });
    }
    const id = await record(author);
    const anonymous = await audio(undefined, id);
    expect({ status: anonymous.status, text: anonymous.bytes.toString() }).toEqual({
      status: 401,
      text: 'Unauthorized',
    });
  });
});
