import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { feedbackStreamId, positionToToken, type RawRecordedEvent } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi, type TestUser } from '../../testing';

let api: RunningCommandApi;
let carer: TestUser;
let coordinator: TestUser;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'feedback_cmds');
  carer = await api.createUser('carer');
  coordinator = await api.createUser('coordinator');
});
afterAll(async () => {
  await api?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSITION_TOKEN = /^\d+\.\d+$/;
const UNKNOWN_ID = '0195a2b4-0000-7000-8000-000000000000';

const suggestion = {
  type: 'suggestion',
  category: 'scheduling',
  message: 'Show travel time on the rota.',
  page: '/scheduling',
};
const readFeedback = (id: string) => api.store.readStream(feedbackStreamId(id));
const types = (events: readonly RawRecordedEvent[]) => events.map((event) => event.type);

async function submit(body: Record<string, unknown> = suggestion, as: TestUser = api.admin): Promise<string> {
  const reply = await as.request('POST', '/api/feedback', body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

describe('POST /api/feedback', () => {
  it('records the feedback as the signed-in user and replies with id, revision and position', async () => {
    const reply = await carer.request('POST', '/api/feedback', {
      ...suggestion,
      message: '  Show travel time on the rota.  ',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });

    const [submitted, ...rest] = await readFeedback(reply.body.id);
    expect(rest).toEqual([]);
    expect(submitted!.type).toBe('FeedbackSubmitted');
    expect(submitted!.data).toEqual({
      id: reply.body.id,
      type: 'suggestion',
      category: 'scheduling',
      message: 'Show travel time on the rota.',
      rating: null,
      page: '/scheduling',
    });
    expect(submitted!.metadata).toMatchObject({ userId: carer.id, correlationId: reply.headers.get('x-request-id') });
    expect(positionToToken(submitted!.position)).toBe(reply.body.position);
  });

  it('is open to every role', async () => {
    for (const user of [api.admin, coordinator, carer]) {
      expect((await user.request('POST', '/api/feedback', suggestion)).status).toBe(201);
    }
  });

  it('keeps the rating of positive feedback', async () => {
    const id = await submit({ type: 'positive', category: 'general', message: 'Good', rating: 5, page: '/' });
    expect((await readFeedback(id))[0]!.data).toMatchObject({ type: 'positive', rating: 5 });
  });

  it('refuses a blank message with the words the widget shows and appends nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await carer.request('POST', '/api/feedback', { ...suggestion, message: '   ' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: { message: 'Please enter your feedback message.' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses a rating with feedback that is not positive, and appends nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await carer.request('POST', '/api/feedback', { ...suggestion, type: 'bug', rating: 2 });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'A rating is only given with positive feedback',
      fields: { rating: 'A rating is only given with positive feedback' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('enforces the field limits and names every bad field', async () => {
    const before = await settledLog(api.store);
    const reply = await carer.request('POST', '/api/feedback', {
      type: 't'.repeat(51),
      category: 'finance',
      message: 'm'.repeat(5001),
      rating: 9,
      page: `/${'p'.repeat(200)}`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: {
        type: 'Must be at most 50 characters',
        message: 'Must be at most 5000 characters',
        rating: 'Rating must be a whole number from 1 to 5',
        page: 'Must be at most 200 characters',
      },
    });
    const missing = await carer.request('POST', '/api/feedback', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['category', 'message', 'page', 'type']);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers a body that is not JSON with 415 and an anonymous caller with 401', async () => {
    const text = await carer.request('POST', '/api/feedback', 'Good', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const anonymous = await api.anonymous('POST', '/api/feedback', suggestion);
    expect(anonymous.status).toBe(401);
  });
});

describe('PATCH /api/feedback/:id', () => {
  it('sets the status and admin notes, recording only what changed', async () => {
    const id = await submit();
    const reply = await api.request(
      'PATCH',
      `/api/feedback/${id}`,
      { status: 'in_review', adminNotes: ' Asked the team. ' },
      { 'if-match': '0' },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, revision: '2', position: expect.stringMatching(POSITION_TOKEN) });
    const stream = await readFeedback(id);
    expect(stream.slice(1).map((event) => [event.type, event.data])).toEqual([
      ['FeedbackStatusChanged', { id, status: 'in_review' }],
      ['FeedbackAdminNotesChanged', { id, adminNotes: 'Asked the team.' }],
    ]);
    expect(stream[2]!.metadata).toMatchObject({ userId: api.admin.id });

    const again = await api.request('PATCH', `/api/feedback/${id}`, {
      status: 'in_review',
      adminNotes: 'Asked the team.',
    });
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe('2');
    expect(types(await readFeedback(id))).toHaveLength(3);
  });

  it('clears the notes when they are sent blank', async () => {
    const id = await submit();
    await api.request('PATCH', `/api/feedback/${id}`, { adminNotes: 'Duplicate of another report.' });
    const reply = await api.request('PATCH', `/api/feedback/${id}`, { adminNotes: '' });
    expect(reply.status).toBe(200);
    expect((await readFeedback(id)).at(-1)!.data).toEqual({ id, adminNotes: null });
  });

  it('refuses a stale If-Match with 409 and appends nothing', async () => {
    const id = await submit();
    expect((await api.request('PATCH', `/api/feedback/${id}`, { status: 'planned' }, { 'if-match': '0' })).status).toBe(
      200,
    );
    const before = await settledLog(api.store);
    const stale = await api.request('PATCH', `/api/feedback/${id}`, { status: 'closed' }, { 'if-match': '0' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'This record was changed by someone else. Reload it and try again.' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('validates the status and notes', async () => {
    const id = await submit();
    const reply = await api.request('PATCH', `/api/feedback/${id}`, {
      status: 'x'.repeat(21),
      adminNotes: 'n'.repeat(2001),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: { status: 'Must be at most 20 characters', adminNotes: 'Must be at most 2000 characters' },
    });
    const unknown = await api.request('PATCH', `/api/feedback/${id}`, { status: 'done' });
    expect(unknown.body.fields).toEqual({
      status: 'Status must be one of: open, in_review, planned, resolved, closed',
    });
  });

  it('answers 404 for unknown and malformed ids, appending nothing', async () => {
    const before = await settledLog(api.store);
    for (const path of [`/api/feedback/${UNKNOWN_ID}`, '/api/feedback/not-an-id']) {
      const reply = await api.request('PATCH', path, { status: 'closed' });
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ error: 'Feedback not found' });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('is for administrators only: coordinators and carers get 403 and nothing is appended', async () => {
    const id = await submit(suggestion, carer);
    const before = await settledLog(api.store);
    for (const user of [coordinator, carer]) {
      const reply = await user.request('PATCH', `/api/feedback/${id}`, { status: 'closed' });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: 'Forbidden' });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});
