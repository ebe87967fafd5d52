import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  auditClientFileViewSchema,
  auditRecordAsOfViewSchema,
  auditRecordViewViewSchema,
  auditTimelineEntryViewSchema,
} from '@care/events/api';
import { requester, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { pdfText } from '@care/documents/testing';

/**
 * The same suite on each way the audit routes reach the log: SQL on the PostgreSQL store (the embedded default),
 * and the EventStore port as production's EventStoreDB is read, first on the PostgreSQL store and, when
 * EVENTSTORE_URL is set, on EventStoreDB itself.
 */
const eventStoreUrl = process.env.EVENTSTORE_URL || undefined;
const variants = [
  {
    name: 'the PostgreSQL log read with SQL',
    label: 'sql',
    throughStore: false,
    chained: true,
    eventStoreUrl: undefined,
  },
  {
    name: 'the EventStore port on the PostgreSQL store',
    label: 'port',
    throughStore: true,
    chained: false,
    eventStoreUrl: undefined,
  },
  ...(eventStoreUrl
    ? [{ name: 'EventStoreDB', label: 'esdb', throughStore: true, chained: false, eventStoreUrl }]
    : []),
];
if (!eventStoreUrl) {
  describe('the audit API on EventStoreDB', () => {
    it.skip('SKIPPED: EVENTSTORE_URL is not set, so there is no EventStoreDB to read the audit log from', () => {});
  });
}

describe.each(variants)('the audit API, reading $name', (variant) => {
  let stack: ReadStack | undefined;
  let command: RunningCommandApi;
  let readUrl: string;
  let auditor: TestUser;
  let coordinator: TestUser;
  let lastPosition = '';
  let clientId: string;
  let entryId: string;
  let beforeChange: Date;
  let carerRecordId: string;

  async function send(method: string, path: string, body?: unknown) {
    const reply = await command.request(method, path, body);
    expect(reply.status, reply.text).toBeLessThan(300);
    lastPosition = reply.body.position ?? lastPosition;
    return reply.body as { id: string };
  }

  async function read(user: TestUser, path: string) {
    const reply = await requester(readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });
    return { status: reply.status, body: reply.body as unknown, headers: reply.headers };
  }

  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

  beforeAll(async () => {
    stack = await startReadStack(inject('databaseUrl'), `audit_read_${variant.label}`, {
      command: { silent: true, ...(variant.eventStoreUrl && { eventStoreUrl: variant.eventStoreUrl }) },
      readThroughStore: variant.throughStore,
    });
    ({ command, readUrl } = stack);
    auditor = await command.createUser('auditor', { firstName: 'Iris', lastName: 'Inspector' });
    coordinator = await command.createUser('coordinator');
    carerRecordId = (
      await send('POST', '/api/carers', {
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa@example.org',
        employeeId: `EMP-${randomUUID().slice(0, 8)}`,
        startDate: '2024-03-01',
      })
    ).id;
    clientId = (
      await send('POST', '/api/clients', {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Edith',
        lastName: 'Marsh',
        dateOfBirth: '1938-05-14',
        address: '4 Mill Lane, Leeds',
        emergencyContact: 'Paul Marsh',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      })
    ).id;
    await pause();
    beforeChange = new Date();
    await pause();
    await send('PATCH', `/api/clients/${clientId}`, { careLevel: 'high', allergies: ['Penicillin'] });
    entryId = (
      await send('POST', '/api/diary', {
        carerId: carerRecordId,
        entryDate: '2026-03-04T09:15:00Z',
        clientId,
        title: 'Family concern',
        content: 'Daughter called about falls.',
        isConfidential: true,
      })
    ).id;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("shows a record's timeline from the log: what, who, when, the request, each field before and after", async () => {
    const reply = await read(auditor, `/api/audit/records/client-${clientId}/timeline`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-total-count')).toBe('2');
    const [registered, changed] = auditTimelineEntryViewSchema.array().parse(reply.body);
    expect(registered).toMatchObject({ what: 'Client registered', who: { userId: command.admin.id } });
    expect(registered!.who.name).not.toBeNull();
    expect(registered!.changes).toContainEqual({ field: 'careLevel', after: 'medium' });
    expect(changed).toMatchObject({ what: 'Client details changed', revision: 1 });
    expect(changed!.correlationId).toMatch(/.+/);
    expect(changed!.changes).toEqual(
      expect.arrayContaining([
        { field: 'careLevel', before: 'medium', after: 'high' },
        { field: 'allergies', before: [], after: ['Penicillin'] },
      ]),
    );
  });

  it('gives the record as it stood before the change, and as it stands now', async () => {
    const then = auditRecordAsOfViewSchema.parse(
      (await read(auditor, `/api/audit/records/client-${clientId}?asOf=${beforeChange.toISOString()}`)).body,
    );
    expect(then).toMatchObject({
      record: { kind: 'client', kindLabel: 'Client', title: 'Edith Marsh' },
      state: { careLevel: 'medium' },
      revision: 0,
      eventsApplied: 1,
      totalEvents: 2,
    });
    const now = auditRecordAsOfViewSchema.parse((await read(auditor, `/api/audit/records/client-${clientId}`)).body);
    expect(now.state).toMatchObject({ careLevel: 'high', allergies: ['Penicillin'] });
    const before = (await read(auditor, `/api/audit/records/client-${clientId}?asOf=2000-01-01T00:00:00Z`)).body;
    expect(before).toMatchObject({ state: null, eventsApplied: 0 });
  });

  it('compares two instants field by field', async () => {
    const reply = await read(
      auditor,
      `/api/audit/records/client-${clientId}/compare?from=${beforeChange.toISOString()}&to=${new Date().toISOString()}`,
    );
    expect(reply.body).toMatchObject({
      changes: expect.arrayContaining([{ field: 'careLevel', before: 'medium', after: 'high' }]),
    });
  });

  it("gathers the client's file as of an instant through the clientId its records carry", async () => {
    const now = auditClientFileViewSchema.parse((await read(auditor, `/api/audit/clients/${clientId}/file`)).body);
    expect(now.client?.state).toMatchObject({ careLevel: 'high' });
    expect(now.records.map((record) => record.record.streamId)).toEqual([`diary-entry-${entryId}`]);
    expect(now.records[0]!.state).toMatchObject({ title: 'Family concern', isConfidential: true });

    const then = auditClientFileViewSchema.parse(
      (await read(auditor, `/api/audit/clients/${clientId}/file?asOf=${beforeChange.toISOString()}`)).body,
    );
    expect(then.client?.state).toMatchObject({ careLevel: 'medium' });
    expect(then.records).toEqual([]);
  });

  it('finds a record by name and by id', async () => {
    const byName = (await read(auditor, '/api/audit/records?q=edith%20mar')).body as { streamId: string }[];
    expect(byName.map((r) => r.streamId)).toContain(`client-${clientId}`);
    const byId = (await read(auditor, `/api/audit/records?q=${entryId}`)).body as {
      streamId: string;
      kindLabel: string;
    }[];
    expect(byId).toContainEqual(
      expect.objectContaining({ streamId: `diary-entry-${entryId}`, kindLabel: 'Diary entry' }),
    );
  });

  it('logs opening a confidential entry, and admins and auditors can see who viewed what', async () => {
    expect((await read(auditor, `/api/audit/records/diary-entry-${entryId}`)).status).toBe(200);
    await expect
      .poll(async () => {
        const reply = await read(command.admin, `/api/audit/views?streamId=diary-entry-${entryId}`);
        return auditRecordViewViewSchema
          .array()
          .parse(reply.body)
          .map((view) => [view.view, view.who.userId, view.who.name]);
      })
      .toContainEqual(['confidential-diary-entry', auditor.id, 'Iris Inspector']);
    const all = await read(auditor, '/api/audit/views?limit=100');
    const kinds = new Set(
      auditRecordViewViewSchema
        .array()
        .parse(all.body)
        .map((view) => view.view),
    );
    expect(kinds).toEqual(new Set(['timeline', 'record', 'client-file', 'confidential-diary-entry']));
  });

  it("logs a client's record and a confidential entry opened from the everyday screens too", async () => {
    expect((await read(coordinator, `/api/clients/${clientId}`)).status).toBe(200);
    expect((await read(coordinator, `/api/diary/${entryId}`)).status).toBe(200);
    await expect
      .poll(async () => {
        const reply = await read(auditor, '/api/audit/views?limit=100');
        return auditRecordViewViewSchema
          .array()
          .parse(reply.body)
          .filter((view) => view.who.userId === coordinator.id)
          .map((view) => [view.view, view.streamId, view.clientId]);
      })
      .toEqual(
        expect.arrayContaining([
          ['record', `client-${clientId}`, clientId],
          ['confidential-diary-entry', `diary-entry-${entryId}`, clientId],
        ]),
      );
  });

  it('exports the timeline and the client file as of an instant to PDF, and the PDFs read back', async () => {
    const timeline = await fetch(`${readUrl}/api/audit/records/client-${clientId}/timeline.pdf`, {
      headers: { cookie: auditor.cookie },
    });
    expect(timeline.status).toBe(200);
    expect(timeline.headers.get('content-type')).toBe('application/pdf');
    const timelineText = await pdfText(Buffer.from(await timeline.arrayBuffer()));
    expect(timelineText).toContain('Client registered');
    expect(timelineText).toContain('Client details changed');
    expect(timelineText).toContain('careLevel: medium → high');

    const file = await fetch(`${readUrl}/api/audit/clients/${clientId}/file.pdf?asOf=${beforeChange.toISOString()}`, {
      headers: { cookie: auditor.cookie },
    });
    expect(file.status).toBe(200);
    const fileText = await pdfText(Buffer.from(await file.arrayBuffer()));
    expect(fileText).toContain('Client file: Edith Marsh');
    expect(fileText).toContain('medium');
    expect(fileText).not.toContain('Penicillin');
  });

  it('refuses a coordinator, and answers 404 for a record that does not exist', async () => {
    expect((await read(coordinator, `/api/audit/records/client-${clientId}`)).status).toBe(403);
    expect((await read(auditor, `/api/audit/records/client-${randomUUID()}`)).status).toBe(404);
    expect((await read(auditor, '/api/audit/records/not%20a%20stream')).status).toBe(404);
  });

  // The hash chain is the PostgreSQL store's: verified where the log is read with SQL, refused plainly elsewhere.
  if (variant.chained) {
    it("verifies the log's hash chain for an administrator, shows its digest, and names an event edited with SQL", async () => {
      expect((await read(auditor, '/api/audit/log/verify')).status).toBe(403);
      const digest = (await read(command.admin, '/api/audit/log/digest')).body as { digest: string };
      expect(digest.digest).toMatch(/^care-log:v1:\d+:\d+\.\d+:[0-9a-f]{64}$/);
      const intact = (await read(command.admin, '/api/audit/log/verify')).body as {
        ok: boolean;
        checked: number;
        problem: string | null;
      };
      expect(intact).toMatchObject({ ok: true, problem: null });
      expect(intact.checked).toBeGreaterThan(5);

      await stack!.pool.query(
        `update es_events set data = jsonb_set(data, '{careLevel}', '"low"') where stream_id = $1 and stream_revision = 0`,
        [`client-${clientId}`],
      );
      const { rows } = await stack!.pool.query<{ event_id: string }>(
        'select event_id from es_events where stream_id = $1 and stream_revision = 0',
        [`client-${clientId}`],
      );
      const broken = (await read(command.admin, '/api/audit/log/verify')).body as { ok: boolean; problem: string };
      expect(broken.ok).toBe(false);
      expect(broken.problem).toContain(`Event ${rows[0]!.event_id} (ClientRegistered in client-${clientId})`);
    });
  } else {
    it('says plainly that the hash chain covers the PostgreSQL store only, rather than calling the log intact', async () => {
      const reply = await read(command.admin, '/api/audit/log/verify');
      expect(reply.status).toBe(409);
      expect(JSON.stringify(reply.body)).toContain('the hash chain covers the PostgreSQL event store only');
    });
  }
});
