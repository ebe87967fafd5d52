import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alertStreamId, emergencyStreamId, type AlertView, type EmergencyContextView } from '@care/events';
import { alertViewSchema, emergencyContextViewSchema, emergencyRaisedReplySchema } from '@care/events/api';
import { requester, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The emergency screen end to end: what a carer sees (999, the on-call number, their visit's client's emergency
 * contacts), and Raise emergency as a critical alert that a coordinator reads, with the carer's location.
 */
let stack: ReadStack;
let lastPosition = '';
let carerUser: TestUser;
let otherCarerUser: TestUser;
let coordinator: TestUser;
const ids: Record<string, string> = {};

async function send(path: string, body: unknown, user: TestUser = stack.command.admin, expected = 201) {
  const reply = await user.request('POST', path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.status < 300) lastPosition = reply.body.position || lastPosition;
  return reply.body;
}

const read = (path: string, user: TestUser) =>
  requester(stack.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'emergency', {
    readApi: {
      agencyContacts: {
        onCallPhone: '0113 496 0000',
        supportEmail: 'help@agency.example',
        supportPhone: '0113 496 0001',
        supportHours: 'Mon-Fri 08:00-18:00',
      },
    },
  });
  coordinator = await stack.command.createUser('coordinator');
  carerUser = await stack.command.createUser('carer', { firstName: 'Nia', lastName: 'Okafor' });
  otherCarerUser = await stack.command.createUser('carer');
  const carer = async (userId: string) =>
    (
      await send('/api/carers', {
        firstName: 'Nia',
        lastName: 'Okafor',
        email: 'nia@example.org',
        employeeId: `EMP-${randomUUID().slice(0, 6)}`,
        startDate: '2024-01-08',
        userId,
      })
    ).id as string;
  ids.carer = await carer(carerUser.id);
  ids.otherCarer = await carer(otherCarerUser.id);
  ids.client = (
    await send('/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      phoneNumber: '0113 496 0123',
      emergencyContact: 'Paul Green (son)',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id;
  const inTwoHours = new Date(Date.now() + 2 * 3600_000).toISOString();
  ids.visit = (
    await send('/api/appointments', {
      clientId: ids.client,
      carerId: ids.carer,
      scheduledStart: inTwoHours,
      durationMinutes: 45,
    })
  ).id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('the emergency screen', () => {
  it("shows a carer 999, the agency's on-call number and their next visit's client's emergency contacts", async () => {
    const reply = await read('/api/emergency', carerUser);
    expect(reply.status, reply.text).toBe(200);
    const context: EmergencyContextView = emergencyContextViewSchema.parse(reply.body);
    expect(context).toMatchObject({
      emergencyNumber: '999',
      onCallPhone: '0113 496 0000',
      visit: {
        appointmentId: ids.visit,
        status: 'scheduled',
        client: {
          id: ids.client,
          firstName: 'Edith',
          lastName: 'Green',
          phoneNumber: '0113 496 0123',
          emergencyContact: 'Paul Green (son)',
          emergencyPhone: '07700 900123',
        },
      },
    });
    // Another carer has no visit: the numbers, and no client of anyone else's.
    expect((await read('/api/emergency', otherCarerUser)).body).toEqual({
      emergencyNumber: '999',
      onCallPhone: '0113 496 0000',
      visit: null,
    });
  });

  it("raises a critical alert with the carer's location that a coordinator reads, once", async () => {
    const raised = emergencyRaisedReplySchema.parse(
      await send(
        '/api/emergencies',
        { appointmentId: ids.visit, location: { latitude: 53.8008, longitude: -1.5491, accuracy: 12 } },
        carerUser,
      ),
    );
    const reply = await read(`/api/alerts?severity=critical`, coordinator);
    expect(reply.status, reply.text).toBe(200);
    const alerts = alertViewSchema.array().parse(reply.body) as AlertView[];
    const alert = alerts.find((candidate) => candidate.id === raised.alertId);
    expect(alert).toMatchObject({
      rule: 'emergency',
      type: 'emergency',
      severity: 'critical',
      status: 'active',
      title: 'Emergency raised by Nia Okafor',
      relatedKind: 'emergency',
      relatedId: raised.id,
      carerId: ids.carer,
      clientId: ids.client,
      appointmentId: ids.visit,
    });
    expect(alert!.description).toBe(
      "Nia Okafor raised an emergency at Edith Green's (4 Mill Lane, Leeds). Location: 53.800800, -1.549100 (within 12 m).",
    );
    // The fact is its own record, and the alert was raised once for it.
    const [emergency] = await stack.command.store.readStream(emergencyStreamId(raised.id));
    expect(emergency).toMatchObject({
      type: 'EmergencyRaised',
      data: { carerId: ids.carer, clientId: ids.client, location: { latitude: 53.8008, accuracy: 12 } },
    });
    expect((await stack.command.store.readStream(alertStreamId(raised.alertId))).map((event) => event.type)).toEqual([
      'AlertRaised',
    ]);
    // The carer reads their own emergency's alert too.
    expect((await read(`/api/alerts/${raised.alertId}`, carerUser)).status).toBe(200);
  });

  it('raises without a location or a visit, and refuses a visit that is not the carer’s own', async () => {
    const raised = await send('/api/emergencies', { location: null }, otherCarerUser);
    const alert = (await read(`/api/alerts/${raised.alertId}`, coordinator)).body as AlertView;
    expect(alert).toMatchObject({ carerId: ids.otherCarer, clientId: null, appointmentId: null });
    expect(alert.description).toContain('Location not shared.');
    const refused = await send('/api/emergencies', { appointmentId: ids.visit, location: null }, otherCarerUser, 404);
    expect((await send('/api/emergencies', {}, otherCarerUser, 400)).fields).toHaveProperty('location');
    expect(refused).toMatchObject({ fields: { appointmentId: 'No visit of yours has this ID' } });
    expect(
      (await send('/api/emergencies', { location: { latitude: 91, longitude: 0 } }, carerUser, 400)).fields,
    ).toHaveProperty(['location.latitude']);
  });

  it('serves the support contacts from configuration to anyone signed in', async () => {
    expect((await read('/api/support', otherCarerUser)).body).toEqual({
      email: 'help@agency.example',
      phone: '0113 496 0001',
      hours: 'Mon-Fri 08:00-18:00',
      onCallPhone: '0113 496 0000',
    });
  });
});
