import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  londonTimeToInstant,
  londonToday,
  subjectAccessExportSchema,
  type SubjectAccessExport,
} from '@care/events';
import { appendedSince, settledLog } from '@care/command-api/testing';
import { pdfText } from '@care/documents/testing';
import { demoCarePlans, demoCarePlanTemplates } from '../../../scripts/demo/demo-care-plans';
import { demoDiaryEntries } from '../../../scripts/demo/demo-diary';
import { DEMO_FUNDERS } from '../../../scripts/demo/demo-finance';
import { demoIncidents } from '../../../scripts/demo/demo-incidents';
import { demoMedications } from '../../../scripts/demo/demo-medications';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack;
const ids = { client: '', carer: '', otherClient: '' };

/** The committed JSON Schema, as a stranger to the code would validate a file against it. */
const jsonSchema = JSON.parse(
  readFileSync(new URL('../../../docs/features/subject-access.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(jsonSchema);

async function send(method: string, path: string, body?: unknown): Promise<{ id: string }> {
  const reply = await stack.command.request(method, path, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.body as { id: string };
}

/** Setup waits for the read model to hold a row (expect.poll is for tests, not their setup). */
async function until(sql: string, values: unknown[]): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if ((await rowsOf(sql, values)) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never found: ${sql}`);
}

const rowsOf = async (sql: string, values: unknown[]) => (await stack.pool.query(sql, values)).rowCount ?? 0;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'subject_access', {
    command: { visitTimeRules: { checkInEarliestMinutes: 120, manualTimeMaxHoursBack: 24 * 21 } },
  });
  const today = londonToday();
  const carerUser = await stack.command.createUser('carer');
  ids.carer = (
    await send('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia.sar@example.org',
      employeeId: 'EMP-SAR1',
      startDate: '2024-03-01',
      hourlyRate: '14.50',
      userId: carerUser.id,
    })
  ).id;
  ids.client = (
    await send('POST', '/api/clients', {
      clientId: 'CL-SAR1',
      firstName: 'Edyta',
      lastName: 'Łukasiewicz',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id;
  ids.otherClient = (
    await send('POST', '/api/clients', {
      clientId: 'CL-SAR2',
      firstName: 'Other',
      lastName: 'Person',
      dateOfBirth: '1940-01-01',
      address: '6 Mill Lane, Leeds',
      emergencyContact: 'Ann Person',
      emergencyPhone: '07700 900124',
      careLevel: 'low',
    })
  ).id;
  const [entry] = demoDiaryEntries([ids.carer], [ids.client], new Date());
  await send('POST', '/api/diary', { ...entry!, clientId: ids.client, isConfidential: false });
  await send('POST', '/api/diary', {
    ...entry!,
    clientId: ids.client,
    title: 'Confidential note',
    isConfidential: true,
  });

  // A visit last week, done, then charged on an invoice.
  const day = addDays(today, -7);
  const visit = await send('POST', '/api/appointments', {
    clientId: ids.client,
    carerId: ids.carer,
    scheduledStart: londonTimeToInstant(day, '09:00'),
    durationMinutes: 60,
    visitType: 'personal_care',
    tasks: ['Wash'],
  });
  const manual = { source: 'Manual', manualInputReason: 'Entered after the visit' };
  await send('POST', `/api/appointments/${visit.id}/check-in`, {
    ...manual,
    checkedInAt: londonTimeToInstant(day, '09:00'),
  });
  await send('POST', `/api/appointments/${visit.id}/check-out`, {
    ...manual,
    checkedOutAt: londonTimeToInstant(day, '10:00'),
    tasksCompleted: ['Wash'],
    medicationGiven: false,
  });

  const [medication] = demoMedications([{ id: ids.client, allergies: [] }], new Date());
  const prescription = await send('POST', '/api/medications', medication!.prescribe);
  await send('POST', `/api/medications/${prescription.id}/administrations`, medication!.records.at(-1));

  const coordinator = await stack.command.createUser('coordinator');
  await send('POST', '/api/incidents', demoIncidents(coordinator.id, [ids.carer], [ids.client], new Date())[0]!.report);
  const templates = demoCarePlanTemplates();
  const templateIds = Object.fromEntries(
    await Promise.all(
      templates.map(async (template) => [
        template.kind,
        (await send('POST', '/api/care-plans/templates', template)).id,
      ]),
    ),
  );
  await send(
    'POST',
    '/api/care-plans',
    demoCarePlans([{ id: ids.client, firstName: 'Edyta' }], templateIds, today)[0]!.create,
  );

  const funder = DEMO_FUNDERS[0]!;
  const funderId = (await send('POST', '/api/finance/funders', funder.funder)).id;
  for (const rate of funder.rates) await send('POST', `/api/finance/funders/${funderId}/rates`, rate);
  await send('PUT', `/api/finance/clients/${ids.client}/funding`, {
    effectiveFrom: addDays(day, -1),
    shares: [{ funderId, percent: 100 }],
  });
  await until(`SELECT 1 FROM read_model.appointments WHERE id = $1 AND status = 'completed'`, [visit.id]);
  await send('POST', '/api/finance/invoices/generate', {
    periodStart: addDays(day, -1),
    periodEnd: day,
    issuedOn: today,
  });
  await until(`SELECT 1 FROM read_model.finance_invoices WHERE client_id = $1`, [ids.client]);
}, 240_000);
afterAll(async () => stack?.stop());

async function requestExport(subjectId: string, kind = 'client', user = stack.command.admin) {
  return user.request('POST', '/api/admin/subject-access', {
    subjectKind: kind,
    subjectId,
    reference: 'Letter received 20/11/2026',
  });
}

async function download(id: string, extension: 'json' | 'pdf', cookie = stack.command.admin.cookie) {
  return fetch(`${stack.readUrl}/api/admin/subject-access/${id}/export.${extension}`, { headers: { cookie } });
}

async function exportJson(id: string): Promise<SubjectAccessExport> {
  const reply = await download(id, 'json');
  expect(reply.status).toBe(200);
  return (await reply.json()) as SubjectAccessExport;
}

describe('a client asks for every record about them', () => {
  it('answers JSON that fits the committed schema and names every kind of record they have', async () => {
    const requested = await requestExport(ids.client);
    expect(requested.status, requested.text).toBe(201);
    const file = await exportJson(requested.body.id);
    expect(validate(file), ajv.errorsText(validate.errors)).toBe(true);
    expect(subjectAccessExportSchema.safeParse(file).success).toBe(true);
    expect(file.subject).toEqual({
      kind: 'client',
      id: ids.client,
      reference: 'Letter received 20/11/2026',
      name: 'Edyta Łukasiewicz',
    });
    expect(file.generatedBy.userId).toBe(stack.command.admin.id);
    const present = Object.entries(file.records)
      .filter(([, kind]) => kind.rows.length > 0)
      .map(([name]) => name);
    expect(present).toEqual(
      expect.arrayContaining([
        'clients',
        'appointments',
        'diary_entries',
        'prescriptions',
        'medication_records',
        'incidents',
        'care_plans',
        'finance_invoices',
      ]),
    );
    // Both diary entries, the confidential one too: it is their own data.
    expect(file.records.diary_entries!.rows.map((row) => row.is_confidential).sort()).toEqual([false, true]);
    expect(Object.values(file.records).every((kind) => kind.bounded === false)).toBe(true);
    // Nothing about the other client.
    expect(JSON.stringify(file.records)).not.toContain(ids.otherClient);
    // The history, oldest first, from the client's registration.
    expect(file.history.map((event) => event.type)).toContain('ClientRegistered');
    expect(file.history.map((event) => event.type)).toEqual(
      expect.arrayContaining(['DiaryEntryAdded', 'SubjectAccessExported']),
    );
    const times = file.history.map((event) => event.time);
    expect([...times].sort()).toEqual(times);
  });

  it('lists the export itself among the views of their record in the next export', async () => {
    const first = await requestExport(ids.client);
    expect(first.status).toBe(201);
    await expect
      .poll(() =>
        rowsOf(`SELECT 1 FROM read_model.audit_record_views WHERE view = 'subject-access-export' AND client_id = $1`, [
          ids.client,
        ]),
      )
      .toBeGreaterThanOrEqual(1);
    const second = await requestExport(ids.client);
    const file = await exportJson(second.body.id);
    expect(file.views).toContainEqual(
      expect.objectContaining({
        view: 'subject-access-export',
        streamId: `client-${ids.client}`,
        who: expect.objectContaining({ userId: stack.command.admin.id }),
      }),
    );
  });

  it('prints a PDF with their name and a section per kind', async () => {
    const requested = await requestExport(ids.client);
    const reply = await download(requested.body.id, 'pdf');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await reply.arrayBuffer()));
    for (const expected of [
      'Edyta Łukasiewicz',
      'Client record',
      'Visits',
      'Diary entries',
      'Prescriptions',
      'Medication administrations',
      'Incidents',
      'Care plans',
      'Invoices',
      'History',
      'Who viewed their records',
    ])
      expect(text).toContain(expected);
  });
});

describe('a carer asks for every record about them', () => {
  it('holds their carer record, account and visits, never a password', async () => {
    const requested = await requestExport(ids.carer, 'carer');
    expect(requested.status, requested.text).toBe(201);
    const file = await exportJson(requested.body.id);
    expect(validate(file), ajv.errorsText(validate.errors)).toBe(true);
    expect(file.subject.name).toBe('Nadia Hussain');
    expect(file.records.carers!.rows).toHaveLength(1);
    expect(file.records.users!.rows[0]).toMatchObject({ role: 'carer' });
    expect(file.records.appointments!.rows.length).toBeGreaterThan(0);
    // No column or field anywhere that holds a secret (a password hash, a session, a token).
    const keys: string[] = [];
    JSON.stringify(file, (key, value: unknown) => (keys.push(key), value));
    expect(keys.filter((key) => /password|session|token|secret/i.test(key))).toEqual([]);
    expect(file.records.access_log!.rows.map((row) => row.type)).toContain('signed_in');
  });
});

describe('who may export, and what is refused', () => {
  it('refuses a coordinator and an auditor with 403, appending nothing', async () => {
    const before = await settledLog(stack.command.store);
    for (const role of ['coordinator', 'auditor'] as const) {
      const user = await stack.command.createUser(role);
      const refused = await requestExport(ids.client, 'client', user);
      expect(refused.status).toBe(403);
    }
    const appended = await appendedSince(stack.command.store, before);
    expect(appended.filter((event) => event.type === 'SubjectAccessExported')).toEqual([]);
  });

  it('answers 404 for an unknown subject and appends nothing', async () => {
    const before = await settledLog(stack.command.store);
    const refused = await requestExport(randomUUID());
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'Client not found' });
    const carer = await requestExport(ids.client, 'carer');
    expect(carer.status).toBe(404);
    expect(await appendedSince(stack.command.store, before)).toEqual([]);
  });

  it('answers 400 on the field for a malformed request', async () => {
    const refused = await stack.command.request('POST', '/api/admin/subject-access', {
      subjectKind: 'visitor',
      subjectId: ids.client,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toMatchObject({ subjectKind: 'Subject kind must be one of: client, carer' });
  });

  it("hands another administrator's export to nobody else: 404", async () => {
    const other = await stack.command.createUser('admin');
    const theirs = await requestExport(ids.client, 'client', other);
    expect(theirs.status).toBe(201);
    expect((await download(theirs.body.id, 'json')).status).toBe(404);
    expect((await download(theirs.body.id, 'pdf')).status).toBe(404);
    expect((await download(randomUUID(), 'json')).status).toBe(404);
    expect((await download(theirs.body.id, 'json', other.cookie)).status).toBe(200);
    const coordinator = await stack.command.createUser('coordinator');
    expect((await download(theirs.body.id, 'json', coordinator.cookie)).status).toBe(403);
  });
});
