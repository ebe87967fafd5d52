import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  alertStreamId,
  parseRecordedEvent,
  positionToToken,
  RULES_USER,
  taskStreamId,
  type EventStore,
  type NewEvent,
} from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi, type TestUser } from '../../testing';
import type { RaiseAlertInput } from './alert-commands';
import { alertIdFor } from './alert-id';
import { AlertService } from './alert-service';

let api: RunningCommandApi;
let alerts: AlertService;
let coordinator: TestUser;
let carer: TestUser;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'alert_cmds');
  alerts = new AlertService(api.store);
  coordinator = await api.createUser('coordinator');
  carer = await api.createUser('carer');
});
afterAll(async () => {
  await api?.close();
});

const POSITION_TOKEN = /^\d+\.\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNKNOWN_ID = '0195a2b4-0000-7000-8000-000000000000';
const RULES = { userId: RULES_USER, requestId: 'rules-test' };
const STALE = 'This record was changed by someone else. Reload it and try again.';

let subjects = 0;
/** A rule alert about a fresh subject each time (alert ids are derived from rule and subject). */
function alertInput(overrides: Partial<RaiseAlertInput> = {}): RaiseAlertInput {
  subjects += 1;
  return {
    rule: 'visit_late',
    subject: `subject-${subjects}-${Date.now()}`,
    severity: 'high',
    title: 'Visit running late',
    description: 'Nobody has checked in to the 09:00 visit for Edith Green.',
    relatedKind: 'appointment',
    relatedId: 'appointment-1',
    carerId: null,
    clientId: null,
    appointmentId: null,
    actionRequired: 'Call the carer',
    dueDate: null,
    ...overrides,
  };
}

async function raised(overrides: Partial<RaiseAlertInput> = {}): Promise<string> {
  const result = await alerts.raise(alertInput(overrides), RULES);
  expect(result.raised).toBe(true);
  return result.alertId;
}

const eventsOf = async (alertId: string) =>
  (await api.store.readStream(alertStreamId(alertId))).map(parseRecordedEvent);
const typesOf = async (alertId: string) => (await eventsOf(alertId)).map((event) => event.type);
const post = (path: string, body: unknown = {}, as: TestUser = coordinator, headers: Record<string, string> = {}) =>
  as.request('POST', path, body, headers);

describe('AlertService for the rule runner', () => {
  it('raises an alert once per rule and subject, as the rules user, and a second raise appends nothing', async () => {
    const input = alertInput();
    const first = await alerts.raise(input, RULES);
    expect(first).toEqual({
      alertId: alertIdFor(input.rule, input.subject),
      raised: true,
      position: expect.anything(),
    });
    const [event, ...rest] = await eventsOf(first.alertId);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: 'AlertRaised',
      data: { id: first.alertId, ...input },
      metadata: { userId: RULES_USER },
    });

    const before = await settledLog(api.store);
    expect(await alerts.raise({ ...input, title: 'Another title' }, RULES)).toEqual({
      alertId: first.alertId,
      raised: false,
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('raises exactly once when several runners raise the same alert at the same moment', async () => {
    const input = alertInput();
    const results = await Promise.all(Array.from({ length: 6 }, () => new AlertService(api.store).raise(input, RULES)));
    expect(results.filter((result) => result.raised)).toHaveLength(1);
    expect(await typesOf(results[0]!.alertId)).toEqual(['AlertRaised']);
  });

  it('refuses data that breaks the event schema before anything is appended', async () => {
    await expect(alerts.raise({ ...alertInput(), carerId: 'not-a-carer-id' }, RULES)).rejects.toThrow(
      /Refused to append AlertRaised/,
    );
  });

  it('resolves an open alert by the system once, and not one already resolved or unknown', async () => {
    const id = await raised();
    expect(await alerts.resolveBySystem(id, 'Checked in at 09:20', RULES)).toBe(true);
    expect(await alerts.resolveBySystem(id, 'Checked in at 09:20', RULES)).toBe(false);
    expect(await alerts.resolveBySystem(UNKNOWN_ID, 'x', RULES)).toBe(false);
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      type: 'AlertResolved',
      data: { id, by: 'system', note: 'Checked in at 09:20' },
    });

    const acknowledged = await raised();
    expect((await post(`/api/alerts/${acknowledged}/acknowledge`)).status).toBe(200);
    expect(await alerts.resolveBySystem(acknowledged, 'Checked in', RULES)).toBe(true);
  });

  it('reopens only what the system resolved: a person who resolved it has the last word', async () => {
    const bySystem = await raised();
    expect(await alerts.reopenBySystem(bySystem, 'Late again', RULES)).toBe(false);
    await alerts.resolveBySystem(bySystem, 'Checked in', RULES);
    expect(await alerts.reopenBySystem(bySystem, 'Late again', RULES)).toBe(true);
    expect((await eventsOf(bySystem)).at(-1)).toMatchObject({
      type: 'AlertReopened',
      data: { by: 'system', reason: 'Late again' },
    });

    const byPerson = await raised();
    expect((await post(`/api/alerts/${byPerson}/resolve`, { note: 'Spoke to the carer' })).status).toBe(200);
    expect(await alerts.reopenBySystem(byPerson, 'Late again', RULES)).toBe(false);
    expect(await typesOf(byPerson)).toEqual(['AlertRaised', 'AlertResolved']);
  });

  it('reads the stream again once when a person acted between its read and its append', async () => {
    const id = await raised();
    // The first append meets a person's acknowledgement that landed just before it.
    let interfered = false;
    const racing: EventStore = Object.create(api.store, {
      append: {
        value: async (streamId: string, events: NewEvent[], expected: Parameters<EventStore['append']>[2]) => {
          if (!interfered) {
            interfered = true;
            expect((await post(`/api/alerts/${id}/acknowledge`)).status).toBe(200);
          }
          return api.store.append(streamId, events, expected);
        },
      },
    });
    expect(await new AlertService(racing).resolveBySystem(id, 'Checked in', RULES)).toBe(true);
    expect(await typesOf(id)).toEqual(['AlertRaised', 'AlertAcknowledged', 'AlertResolved']);
  });
});

describe('POST /api/alerts/:id/acknowledge', () => {
  it('acknowledges an active alert with the note, as the signed-in user', async () => {
    const id = await raised();
    const reply = await post(`/api/alerts/${id}/acknowledge`, { note: ' Calling the carer ' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    const acknowledged = (await eventsOf(id)).at(-1)!;
    expect(acknowledged).toMatchObject({
      type: 'AlertAcknowledged',
      data: { id, note: 'Calling the carer' },
      metadata: { userId: coordinator.id },
    });
    expect(positionToToken(acknowledged.position)).toBe(reply.body.position);
  });

  it('accepts no body at all (no note)', async () => {
    const id = await raised();
    const reply = await coordinator.request('POST', `/api/alerts/${id}/acknowledge`);
    expect(reply.status, reply.text).toBe(200);
    expect((await eventsOf(id)).at(-1)!.data).toEqual({ id, note: null });
  });

  it('answers 409 for an alert already acknowledged or resolved, appending nothing', async () => {
    const id = await raised();
    await post(`/api/alerts/${id}/acknowledge`);
    const before = await settledLog(api.store);
    const again = await post(`/api/alerts/${id}/acknowledge`);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { error: 'Alert is already acknowledged' },
    });
    await alerts.resolveBySystem(id, 'Checked in', RULES);
    const resolved = await post(`/api/alerts/${id}/acknowledge`);
    expect({ status: resolved.status, body: resolved.body }).toEqual({
      status: 409,
      body: { error: 'Alert is already resolved' },
    });
    expect((await appendedSince(api.store, before)).map((event) => event.type)).toEqual(['AlertResolved']);
  });

  it('answers 400 naming the field for a note that is too long', async () => {
    const id = await raised();
    const reply = await post(`/api/alerts/${id}/acknowledge`, { note: 'n'.repeat(501) });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Validation failed', fields: { note: 'Must be at most 500 characters' } });
  });
});

describe('POST /api/alerts/:id/assign', () => {
  it('assigns to an active user and unassigns with null', async () => {
    const id = await raised();
    const reply = await post(`/api/alerts/${id}/assign`, { assignedTo: carer.id });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.revision).toBe('1');
    expect((await post(`/api/alerts/${id}/assign`, { assignedTo: null })).body.revision).toBe('2');
    expect((await eventsOf(id)).slice(1).map((event) => event.data)).toEqual([
      { id, assignedTo: carer.id },
      { id, assignedTo: null },
    ]);
  });

  it('answers 400 on assignedTo for a missing, unknown or deactivated user, appending nothing', async () => {
    const id = await raised();
    const leaver = await api.createUser('coordinator');
    expect((await api.request('POST', `/api/users/${leaver.id}/deactivate`, {})).status).toBe(200);
    const before = await settledLog(api.store);
    for (const [body, message] of [
      [{ assignedTo: UNKNOWN_ID }, 'Assigned to must be an active user'],
      [{ assignedTo: leaver.id }, 'Assigned to must be an active user'],
      [{ assignedTo: 'someone' }, 'Assigned to must be a valid id'],
    ] as const) {
      const reply = await post(`/api/alerts/${id}/assign`, body);
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toEqual({ assignedTo: message });
    }
    expect((await post(`/api/alerts/${id}/assign`, {})).body.fields).toHaveProperty('assignedTo');
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('POST /api/alerts/:id/escalate', () => {
  it('raises the severity with the reason', async () => {
    const id = await raised({ severity: 'medium' });
    const reply = await post(`/api/alerts/${id}/escalate`, {
      severity: 'critical',
      reason: 'Client has no food in the house',
    });
    expect(reply.status, reply.text).toBe(200);
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      type: 'AlertEscalated',
      data: { id, severity: 'critical', reason: 'Client has no food in the house' },
      metadata: { userId: coordinator.id },
    });
  });

  it('answers 400 on severity when it is not higher than now, and on each bad field', async () => {
    const id = await raised({ severity: 'high' });
    const before = await settledLog(api.store);
    const lower = await post(`/api/alerts/${id}/escalate`, { severity: 'high', reason: 'Worse' });
    expect(lower.status).toBe(400);
    expect(lower.body).toEqual({
      error: 'Severity must be higher than the current severity (High)',
      fields: { severity: 'Severity must be higher than the current severity (High)' },
    });
    const bad = await post(`/api/alerts/${id}/escalate`, { severity: 'extreme', reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      severity: 'Severity must be one of: low, medium, high, critical',
      reason: 'Reason is required',
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('POST /api/alerts/:id/resolve and /reopen', () => {
  it('resolves an open alert with the note, then reopens it with the reason', async () => {
    const id = await raised();
    await post(`/api/alerts/${id}/acknowledge`);
    const resolved = await post(`/api/alerts/${id}/resolve`, { note: 'Carer arrived at 09:25' });
    expect(resolved.status, resolved.text).toBe(200);
    const reopened = await post(`/api/alerts/${id}/reopen`, { reason: 'Carer left after ten minutes' });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.revision).toBe('3');
    expect((await eventsOf(id)).slice(2).map((event) => [event.type, event.data])).toEqual([
      ['AlertResolved', { id, by: 'person', note: 'Carer arrived at 09:25' }],
      ['AlertReopened', { id, by: 'person', reason: 'Carer left after ten minutes' }],
    ]);
  });

  it('asks for the note and the reason', async () => {
    const id = await raised();
    const noNote = await post(`/api/alerts/${id}/resolve`, { note: '  ' });
    expect(noNote.body).toEqual({
      error: 'Validation failed',
      fields: { note: 'A note saying what was done is required' },
    });
    await post(`/api/alerts/${id}/resolve`, { note: 'Done' });
    const noReason = await post(`/api/alerts/${id}/reopen`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: 'Reason is required' });
  });

  it('answers 409 for resolving a resolved alert and reopening an open one', async () => {
    const id = await raised();
    const reopen = await post(`/api/alerts/${id}/reopen`, { reason: 'x' });
    expect({ status: reopen.status, body: reopen.body }).toEqual({
      status: 409,
      body: { error: 'Alert is not resolved: only a resolved alert can be reopened' },
    });
    await alerts.resolveBySystem(id, 'Checked in', RULES);
    const resolve = await post(`/api/alerts/${id}/resolve`, { note: 'Done' });
    expect({ status: resolve.status, body: resolve.body }).toEqual({
      status: 409,
      body: { error: 'Alert is already resolved' },
    });
  });
});

describe('POST /api/alerts/:id/task', () => {
  it("makes a follow-up task from the alert's title, links, kind and severity", async () => {
    const carerId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
    const id = await raised({ severity: 'critical', relatedKind: 'appointment', carerId, title: 'Visit missed' });
    const reply = await coordinator.request('POST', `/api/alerts/${id}/task`);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });
    const [created, ...rest] = (await api.store.readStream(taskStreamId(reply.body.id))).map(parseRecordedEvent);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      type: 'TaskCreated',
      data: {
        id: reply.body.id,
        title: 'Follow up: Visit missed',
        description: 'Nobody has checked in to the 09:00 visit for Edith Green.',
        type: 'follow_up',
        category: 'care',
        priority: 'urgent',
        dueDate: null,
        assignedTo: null,
        alertId: id,
        carerId,
        clientId: null,
        appointmentId: null,
      },
      metadata: { userId: coordinator.id },
    });
    // The alert's own stream is unchanged.
    expect(await typesOf(id)).toEqual(['AlertRaised']);
  });

  it('keeps what the coordinator chose', async () => {
    const id = await raised({ relatedKind: 'training', severity: 'medium' });
    const reply = await post(`/api/alerts/${id}/task`, {
      title: 'Book the refresher course',
      priority: 'high',
      dueDate: '2026-12-01T09:00:00Z',
      assignedTo: coordinator.id,
    });
    expect(reply.status, reply.text).toBe(201);
    expect((await api.store.readStream(taskStreamId(reply.body.id)))[0]!.data).toMatchObject({
      title: 'Book the refresher course',
      category: 'training',
      priority: 'high',
      dueDate: '2026-12-01T09:00:00.000Z',
      assignedTo: coordinator.id,
    });
  });

  it('answers 400 naming the field, appending nothing', async () => {
    const id = await raised();
    const before = await settledLog(api.store);
    const reply = await post(`/api/alerts/${id}/task`, {
      category: 'cooking',
      priority: 'asap',
      assignedTo: UNKNOWN_ID,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({
      category: 'Category must be one of: care, medication, staffing, training, administration',
      priority: 'Priority must be one of: low, medium, high, urgent',
    });
    const unknownUser = await post(`/api/alerts/${id}/task`, { assignedTo: UNKNOWN_ID });
    expect(unknownUser.body).toEqual({
      error: 'Assigned to must be an active user',
      fields: { assignedTo: 'Assigned to must be an active user' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('every alert command', () => {
  const commands: [string, Record<string, unknown>][] = [
    ['acknowledge', { note: 'On it' }],
    ['assign', { assignedTo: null }],
    ['escalate', { severity: 'critical', reason: 'Worse' }],
    ['resolve', { note: 'Done' }],
    ['reopen', { reason: 'Again' }],
    ['task', {}],
  ];

  it('is for alerts.manage only: a carer gets 403 and nothing is appended', async () => {
    const id = await raised({ severity: 'low' });
    const before = await settledLog(api.store);
    for (const [command, body] of commands) {
      const reply = await post(`/api/alerts/${id}/${command}`, body, carer);
      expect(reply.status, command).toBe(403);
      expect(reply.body).toEqual({ error: 'Forbidden' });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids, appending nothing', async () => {
    const before = await settledLog(api.store);
    for (const [command, body] of commands) {
      for (const id of [UNKNOWN_ID, 'not-an-id']) {
        const reply = await post(`/api/alerts/${id}/${command}`, body);
        expect(reply.status, `${command} ${id}`).toBe(404);
        expect(reply.body).toEqual({ error: 'Alert not found' });
      }
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers 409 for a stale If-Match and appends nothing; the current revision is accepted', async () => {
    const id = await raised({ severity: 'low' });
    const before = await settledLog(api.store);
    for (const [command, body] of commands.filter(([name]) => name !== 'task')) {
      const reply = await post(`/api/alerts/${id}/${command}`, body, coordinator, { 'if-match': '5' });
      expect(reply.status, command).toBe(409);
      expect(reply.body).toEqual({ error: STALE });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
    const current = await post(`/api/alerts/${id}/acknowledge`, {}, coordinator, { 'if-match': '"0"' });
    expect(current.status, current.text).toBe(200);
  });
});
