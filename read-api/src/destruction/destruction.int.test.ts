import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appointmentStreamId, carerStreamId, clientStreamId, type EventStore } from '@care/events';
import { verifyLog } from '@care/events/server';
import { appendedSince, requester, settledLog, type TestUser } from '@care/command-api/testing';
import { READ_MODEL_SCHEMA } from '@care/projector';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * Destroying a client's records end to end on real PostgreSQL: two administrators, the rewrite of the log, every read
 * model rebuilt without the person, the chain still verifying, and the certificate readable by an auditor.
 */
let stack: ReadStack;
let secondAdmin: TestUser;
let auditor: TestUser;
let lastPosition = '';
const NAME = 'Zebedee';
const SURNAME = 'Quillfeather';

async function send(path: string, body: unknown, user: TestUser, expected: number) {
  const reply = await user.request('POST', path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.status < 300) lastPosition = reply.body.position || lastPosition;
  return reply;
}

const read = (path: string, user: TestUser) =>
  requester(stack.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });

/** A client registered now, deactivated at `deactivatedAt` (appended as the past, as the demo loader does). */
async function clientDeactivatedAt(deactivatedAt: string, firstName = NAME, lastName = SURNAME): Promise<string> {
  const id = (
    await send(
      '/api/clients',
      {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName,
        lastName,
        dateOfBirth: '1931-02-03',
        address: `9 ${lastName} Lane, York`,
        phoneNumber: '01904 496 0111',
        emergencyContact: `Ada ${lastName} (daughter)`,
        emergencyPhone: '07700 900456',
        careLevel: 'low',
      },
      stack.command.admin,
      201,
    )
  ).body.id as string;
  await appendPast(stack.command.store, clientStreamId(id), 'ClientDeactivated', { id }, deactivatedAt);
  return id;
}

async function appendPast(store: EventStore, streamId: string, type: string, data: unknown, at: string) {
  const current = await store.readStream(streamId);
  await store.append(
    streamId,
    [
      {
        eventId: randomUUID(),
        type,
        schemaVersion: 1,
        data,
        metadata: {
          userId: stack.command.admin.id,
          occurredAt: at,
          correlationId: randomUUID(),
          causationId: randomUUID(),
        },
        recordedAt: at,
      },
    ],
    current.at(-1)!.revision,
  );
}

/** Rows of any read-model table whose text holds `text`. */
async function readModelRowsNaming(text: string): Promise<string[]> {
  const { rows: tables } = await stack.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`,
    [READ_MODEL_SCHEMA],
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await stack.pool.query<{ n: string }>(
      `select count(*) as n from ${READ_MODEL_SCHEMA}."${name}" t where t::text ilike $1`,
      [`%${text}%`],
    );
    if (Number(rows[0]!.n) > 0) found.push(name);
  }
  return found;
}

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'destruction');
  secondAdmin = await stack.command.createUser('admin');
  auditor = await stack.command.createUser('auditor');
});
afterAll(async () => {
  await stack?.stop();
});

describe('destroying a client’s records after a two-administrator appraisal', () => {
  it('refuses a client inside the retention period with the date, appending nothing', async () => {
    const recent = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString();
    const id = await clientDeactivatedAt(recent, 'Recent', 'Client');
    const before = await settledLog(stack.command.store);
    const reply = await send(
      '/api/destruction/proposals',
      { subjectKind: 'client', subjectId: id, reason: 'Past retention' },
      stack.command.admin,
      409,
    );
    expect(reply.body.error).toMatch(/can be destroyed from \d{2}\/\d{2}\/\d{4}/);
    expect(await appendedSince(stack.command.store, before)).toEqual([]);
  });

  it('destroys every trace of the client once a second administrator approves, and the log still proves itself', async () => {
    const id = await clientDeactivatedAt('2015-03-02T10:00:00.000Z');
    await expect.poll(async () => (await readModelRowsNaming(SURNAME)).length).toBeGreaterThan(0);
    const proposal = await send(
      '/api/destruction/proposals',
      { subjectKind: 'client', subjectId: id, reason: 'Retention period ended; no open complaint' },
      stack.command.admin,
      201,
    );
    const proposalId = proposal.body.id as string;

    // The proposer cannot approve their own proposal.
    const before = await settledLog(stack.command.store);
    const own = await send(`/api/destruction/proposals/${proposalId}/approve`, undefined, stack.command.admin, 403);
    expect(own.body.error).toContain('second administrator');
    expect(await appendedSince(stack.command.store, before)).toEqual([]);

    const approved = await send(`/api/destruction/proposals/${proposalId}/approve`, undefined, secondAdmin, 200);
    expect(approved.body.eventsRewritten).toBeGreaterThanOrEqual(3);

    // The log's rows no longer hold the name, and the chain still verifies.
    const { rows } = await stack.pool.query<{ n: string }>(
      `select count(*) as n from es_events where data::text ilike $1 or data::text ilike $2`,
      [`%${SURNAME}%`, `%${SURNAME} Lane%`],
    );
    expect(rows[0]!.n).toBe('0');
    const verified = await verifyLog(stack.pool);
    expect(verified.ok, JSON.stringify(verified.firstBreak)).toBe(true);
    // Straight from the log: no need to wait for the read models, which are being rebuilt.
    const digest = await requester(stack.readUrl, stack.command.admin.cookie)('GET', '/api/audit/log/digest');
    expect(digest.status).toBe(200);

    // Every read model is rebuilt from the log without the person.
    await expect.poll(() => readModelRowsNaming(SURNAME), { timeout: 30_000 }).toEqual([]);
    await stack.projector.settled();
    expect((await read(`/api/clients/${id}`, stack.command.admin)).status).toBe(404);
    expect((await read(`/api/search?q=${SURNAME}`, stack.command.admin)).text).not.toContain(SURNAME);

    // The certificate stays, readable by an auditor, and never names the person.
    // Read from the log itself (the destruction streams), which needs no read model to catch up.
    const certificates = await requester(stack.readUrl, auditor.cookie)(
      'GET',
      '/api/destruction/proposals?status=destroyed',
    );
    expect(certificates.status).toBe(200);
    expect(certificates.body.rows).toHaveLength(1);
    expect(certificates.body.rows[0]).toMatchObject({
      proposalId,
      subjectId: id,
      status: 'destroyed',
      certificate: { approvedBy: secondAdmin.id, eventsRewritten: approved.body.eventsRewritten },
    });
    expect(certificates.text).not.toContain(SURNAME);

    // Approving again is a conflict; the projections keep running (a later client is projected).
    await send(`/api/destruction/proposals/${proposalId}/approve`, undefined, secondAdmin, 409);
    const later = await send(
      '/api/clients',
      {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Later',
        lastName: 'Arrival',
        dateOfBirth: '1940-01-01',
        address: '1 New Road, York',
        phoneNumber: '01904 496 0112',
        emergencyContact: 'Someone',
        emergencyPhone: '07700 900457',
        careLevel: 'low',
      },
      stack.command.admin,
      201,
    );
    expect((await read(`/api/clients/${later.body.id}`, stack.command.admin)).status).toBe(200);
  });
});

describe('destroying a carer’s records', () => {
  it('removes the carer from every read model and the log, and keeps the care their clients received', async () => {
    const carerSurname = 'Wrenfield';
    const email = 'tobias.wrenfield@example.org';
    const account = await stack.command.createUser('carer', { email, firstName: 'Tobias', lastName: carerSurname });
    const carerId = (
      await send(
        '/api/carers',
        {
          firstName: 'Tobias',
          lastName: carerSurname,
          email,
          userId: account.id,
          employeeId: `EMP-${randomUUID().slice(0, 6)}`,
          startDate: '2008-01-07',
        },
        stack.command.admin,
        201,
      )
    ).body.id as string;
    const clientId = (
      await send(
        '/api/clients',
        {
          clientId: `CL-${randomUUID().slice(0, 8)}`,
          firstName: 'Mabel',
          lastName: 'Stays',
          dateOfBirth: '1936-04-05',
          address: '3 Kept Road, York',
          phoneNumber: '01904 496 0113',
          emergencyContact: 'Rose Stays (niece)',
          emergencyPhone: '07700 900458',
          careLevel: 'low',
        },
        stack.command.admin,
        201,
      )
    ).body.id as string;
    const visitId = (
      await send(
        '/api/appointments',
        {
          clientId,
          carerId,
          scheduledStart: new Date(Date.now() + 3 * 3600_000).toISOString(),
          durationMinutes: 30,
        },
        stack.command.admin,
        201,
      )
    ).body.id as string;
    await appendPast(
      stack.command.store,
      carerStreamId(carerId),
      'CarerDeactivated',
      { carerId },
      '2014-06-30T10:00:00.000Z',
    );
    await expect.poll(async () => (await readModelRowsNaming(carerSurname)).length).toBeGreaterThan(0);

    const proposalId = (
      await send(
        '/api/destruction/proposals',
        { subjectKind: 'carer', subjectId: carerId, reason: 'Left in 2014; retention period ended' },
        stack.command.admin,
        201,
      )
    ).body.id as string;
    await send(`/api/destruction/proposals/${proposalId}/approve`, undefined, secondAdmin, 200);

    const { rows } = await stack.pool.query<{ n: string }>(
      `select count(*) as n from es_events where data::text ilike $1`,
      [`%${carerSurname}%`],
    );
    expect(rows[0]!.n).toBe('0');
    // Nor does any stream's name: the reservation of their email was renamed, and the address is free again.
    const { rows: named } = await stack.pool.query<{ n: string }>(
      `select (select count(*) from es_events where stream_id ilike $1) + (select count(*) from es_streams where stream_id ilike $1) as n`,
      [`%${carerSurname}%`],
    );
    expect(named[0]!.n).toBe('0');
    expect((await verifyLog(stack.pool)).ok).toBe(true);
    await expect.poll(() => readModelRowsNaming(carerSurname), { timeout: 30_000 }).toEqual([]);
    await stack.projector.settled();

    // The client's visit is the client's care record: it stays, in the log and on the screens, without the carer's name.
    const { rows: visitEvents } = await stack.pool.query<{ event_type: string }>(
      'select event_type from es_events where stream_id = $1',
      [appointmentStreamId(visitId)],
    );
    expect(visitEvents.map((event) => event.event_type)).toContain('AppointmentScheduled');
    expect(visitEvents.map((event) => event.event_type)).not.toContain('$destroyed');
    const visit = await read(`/api/appointments/${visitId}`, stack.command.admin);
    expect(visit.status).toBe(200);
    expect(visit.body).toMatchObject({ id: visitId, clientId });
    expect(visit.text).not.toContain(carerSurname);
    expect((await read(`/api/clients/${clientId}`, stack.command.admin)).status).toBe(200);

    // Someone may hold the address again: an account with it is created afresh.
    await send(
      '/api/users',
      { email, firstName: 'Toby', lastName: 'Rehired', role: 'carer', password: 'A new password 2026!' },
      stack.command.admin,
      201,
    );
  });
});
