import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import {
  addDays,
  londonClock,
  londonTimeToInstant,
  londonToday,
  type DueDoseView,
  type MedicationRecordView,
  type MedicationView,
  type WitnessOption,
} from '@care/events';
import {
  clientInteractionSchema,
  complianceSchema,
  dueDoseViewSchema,
  medicationRecordViewSchema,
  medicationStatsSchema,
  medicationViewSchema,
  prescriptionVersionSchema,
  witnessOptionSchema,
  marChartSchema,
  referenceMedicineViewSchema,
} from '@care/events/api';
import { requester, type ApiReply, type TestUser } from '@care/command-api/testing';
import { createReadModelDb } from '@care/projector';
import { activePrescriptionDoses, doseOutcomes, latestOutcomeOf, latestTwoOutcomes } from '@care/projector/rule-facts';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * GET /api/medications, /due, /stats, /compliance, /interactions, /:id/history and /api/medication-records on the
 * real services: figures checked against the records written, a carer reading only the clients of their own visits,
 * every reply against its strict documented schema.
 */
let stack: ReadStack | undefined;
let coordinator: TestUser;
let carer: TestUser;
let lastPosition = '';
const ids = {} as Record<'edith' | 'frank' | 'amlodipine' | 'warfarin' | 'ibuprofen' | 'metformin', string>;

const doseInstant = new Date(Date.now() - 10 * 60_000);
const time = londonClock(doseInstant);
const today = londonToday(doseInstant);
const dueOn = (daysAgo: number, at = time) => londonTimeToInstant(addDays(today, -daysAgo), at);
const halfAnHourOn = new Date(Date.now() + 30 * 60_000);
const inHalfAnHour = londonClock(halfAnHourOn);

async function write(user: TestUser, method: string, path: string, body: unknown, status = 201): Promise<string> {
  const reply = await user.request(method, path, body);
  expect(reply.status, `${path}: ${reply.text}`).toBe(status);
  lastPosition = (reply.body.position as string) ?? lastPosition;
  return reply.body.id as string;
}

const read = (path: string, user: TestUser = coordinator): Promise<ApiReply> =>
  requester(stack!.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });

async function ok<T>(path: string, schema: z.ZodType, user?: TestUser): Promise<{ body: T; reply: ApiReply }> {
  const reply = await read(path, user);
  expect(reply.status, `${path}: ${reply.text}`).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success ? [] : parsed.error.issues, path).toEqual([]);
  return { body: reply.body as T, reply };
}

const client = (firstName: string, allergies: string[], extra: Record<string, unknown> = {}) =>
  write(stack!.command.admin, 'POST', '/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName,
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
    allergies,
    ...extra,
  });

const prescribe = (clientId: string, name: string, doseTimes: string[], extra: Record<string, unknown> = {}) =>
  write(coordinator, 'POST', '/api/medications', {
    clientId,
    name,
    form: 'tablet',
    route: 'oral',
    dosage: '1 tablet',
    frequency: 'Once daily',
    doseTimes,
    prescribedBy: 'Dr Patel',
    startDate: addDays(today, -2),
    ...extra,
  });

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'medications_read');
  coordinator = await stack.command.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
  carer = await stack.command.createUser('carer');
  const carerId = await write(stack.command.admin, 'POST', '/api/carers', {
    firstName: 'Ann',
    lastName: 'Archer',
    email: 'ann@example.org',
    employeeId: 'EMP-MED-1',
    startDate: '2024-03-01',
    userId: carer.id,
  });
  ids.edith = await client('Edith', ['Penicillin'], {
    gpPractice: 'Meanwood Health Centre, Leeds LS6',
    gpPhone: '0113 295 1000',
  });
  ids.frank = await client('Frank', []);
  await write(stack.command.admin, 'POST', '/api/appointments', {
    clientId: ids.edith,
    carerId,
    scheduledStart: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    durationMinutes: 30,
    tasks: ['Medication'],
  });
  ids.amlodipine = await prescribe(ids.edith, 'Amlodipine', [time]);
  // Started on the day of its dose half an hour from now, which is its first (the day before's would be overdue).
  // That day is tomorrow when the test runs in the last half hour before midnight.
  ids.warfarin = await prescribe(ids.edith, 'Warfarin', [inHalfAnHour], {
    timeCritical: true,
    startDate: londonToday(halfAnHourOn),
  });
  ids.ibuprofen = await prescribe(ids.edith, 'Ibuprofen', [], {
    frequency: 'When required',
    prn: { reason: 'Pain', dose: '400mg', minIntervalMinutes: 360, maxDosesIn24h: 3 },
  });
  ids.metformin = await prescribe(ids.frank, 'Metformin', [time]);
  // Amlodipine: two days ago not required, yesterday taken; today's dose (10 minutes ago) still open.
  await write(coordinator, 'POST', `/api/medications/${ids.amlodipine}/administrations`, {
    dueAt: dueOn(2),
    code: 'NR',
    reason: 'Day centre gave it',
    administeredAt: dueOn(2),
  });
  await write(coordinator, 'POST', `/api/medications/${ids.amlodipine}/administrations`, {
    dueAt: dueOn(1),
    code: 'T',
    administeredAt: dueOn(1),
  });
  await write(
    coordinator,
    'PATCH',
    `/api/medications/${ids.metformin}`,
    { dosage: '2 tablets', reason: 'GP review' },
    200,
  );
});

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/medications', () => {
  it('lists prescriptions with client name, allergies, adherence and next due; a carer sees only the clients of their visits', async () => {
    const { body, reply } = await ok<MedicationView[]>('/api/medications', medicationViewSchema.array());
    expect(reply.headers.get('x-total-count')).toBe('4');
    const amlodipine = body.find((row) => row.id === ids.amlodipine)!;
    // 3 doses due so far, one not required: 1 given of 2.
    expect(amlodipine).toMatchObject({
      clientName: 'Edith Green',
      allergies: ['Penicillin'],
      adherence: 50,
      nextDue: dueOn(0),
      status: 'active',
    });
    expect(body.find((row) => row.id === ids.ibuprofen)).toMatchObject({ adherence: null, nextDue: null });
    const mine = await ok<MedicationView[]>('/api/medications', medicationViewSchema.array(), carer);
    expect(mine.body.map((row) => row.name).sort()).toEqual(['Amlodipine', 'Ibuprofen', 'Warfarin']);
    expect(
      (await ok<MedicationView[]>('/api/medications?search=metf', medicationViewSchema.array())).body.map(
        (row) => row.id,
      ),
    ).toEqual([ids.metformin]);
  });
});

describe('Due & Overdue and the cards', () => {
  it('lists open doses from 24 hours back to an hour ahead; overdue ones are also due now', async () => {
    const { body } = await ok<DueDoseView[]>('/api/medications/due', dueDoseViewSchema.array());
    const mine = body.filter((dose) => dose.clientId === ids.edith);
    expect(mine.map((dose) => [dose.medicationName, dose.overdue])).toEqual([
      ['Amlodipine', true],
      ['Warfarin', false],
    ]);
    expect(mine[1]).toMatchObject({ time: inHalfAnHour, timeCritical: true });
    const overdue = await ok<DueDoseView[]>('/api/medications/due?overdue=true', dueDoseViewSchema.array(), carer);
    expect(overdue.body.map((dose) => dose.medicationName)).toEqual(['Amlodipine']);

    const stats = await ok<z.infer<typeof medicationStatsSchema>>('/api/medications/stats', medicationStatsSchema);
    expect(stats.body).toMatchObject({
      activeMedications: 4,
      dueNow: body.length,
      overdue: body.filter((dose) => dose.overdue).length,
    });

    await write(coordinator, 'POST', `/api/medications/${ids.amlodipine}/administrations`, {
      dueAt: dueOn(0),
      code: 'T',
    });
    const after = await ok<DueDoseView[]>('/api/medications/due', dueDoseViewSchema.array());
    expect(after.body.filter((dose) => dose.clientId === ids.edith).map((dose) => dose.medicationName)).toEqual([
      'Warfarin',
    ]);
  });

  it('ranks compliance lowest first and finds warfarin with ibuprofen for Edith', async () => {
    const compliance = await ok<z.infer<typeof complianceSchema>>('/api/medications/compliance', complianceSchema);
    expect(compliance.body.byMedicine.map((row) => row.name)).toContain('Amlodipine');
    const interactions = await ok<z.infer<typeof clientInteractionSchema>[]>(
      '/api/medications/interactions',
      clientInteractionSchema.array(),
    );
    expect(
      interactions.body.map((row) => [row.clientName, row.interaction.medicines, row.interaction.severity]),
    ).toEqual([['Edith Green', ['Warfarin', 'Ibuprofen'], 'severe']]);
  });
});

describe('records and history', () => {
  it('pages the administration log newest first, filtered, and names who signed', async () => {
    const { body, reply } = await ok<MedicationRecordView[]>(
      `/api/medication-records?clientId=${ids.edith}&limit=2`,
      medicationRecordViewSchema.array(),
    );
    expect(reply.headers.get('x-total-count')).toBe('3');
    expect(body[0]).toMatchObject({
      medicationName: 'Amlodipine',
      code: 'T',
      status: 'given',
      signedBy: expect.any(String),
      amended: false,
    });
    expect(
      (
        await ok<MedicationRecordView[]>(
          `/api/medication-records?status=not_required`,
          medicationRecordViewSchema.array(),
        )
      ).body.map((r) => r.reason),
    ).toEqual(['Day centre gave it']);
    expect(
      (
        await ok<MedicationRecordView[]>(
          `/api/medication-records?clientId=${ids.frank}`,
          medicationRecordViewSchema.array(),
          carer,
        )
      ).body,
    ).toEqual([]);
    expect((await read('/api/medication-records?from=yesterday')).status).toBe(400);
  });

  it('shows every version of a prescription with who and why, and hides other clients from a carer', async () => {
    const { body } = await ok<z.infer<typeof prescriptionVersionSchema>[]>(
      `/api/medications/${ids.metformin}/history`,
      prescriptionVersionSchema.array(),
    );
    expect(body.map((v) => [v.type, v.reason])).toEqual([
      ['MedicationPrescribed', null],
      ['PrescriptionChanged', 'GP review'],
    ]);
    expect(body[1]?.changes).toMatchObject({ dosage: '2 tablets' });
    expect((await read(`/api/medications/${ids.metformin}/history`, carer)).status).toBe(404);
  });

  it('offers as witnesses the other active staff who may record doses, names only, never the recorder', async () => {
    const { body, reply } = await ok<WitnessOption[]>('/api/medications/witnesses', witnessOptionSchema.array(), carer);
    const ids = body.map((witness) => witness.id);
    expect(ids).toContain(coordinator.id);
    expect(ids).toContain(stack!.command.admin.id);
    expect(ids).not.toContain(carer.id);
    expect(body.find((witness) => witness.id === coordinator.id)).toEqual({
      id: coordinator.id,
      name: 'Cora Ndiaye',
      role: 'coordinator',
    });
    expect(reply.headers.get('x-total-count')).toBe(String(body.length));
    expect(
      (await ok<WitnessOption[]>('/api/medications/witnesses', witnessOptionSchema.array())).body.map(
        (witness) => witness.id,
      ),
    ).not.toContain(coordinator.id);
  });

  it('gives a prescription the revision of its whole stream, dose records included, so a change sent with it is taken', async () => {
    const { body } = await ok<MedicationView[]>(`/api/medications?clientId=${ids.edith}`, medicationViewSchema.array());
    const shown = body.find((row) => row.id === ids.amlodipine)!;
    // Prescribed, then three dose records on the same stream.
    expect(shown.revision).toBe('3');
    const changed = await coordinator.request(
      'PATCH',
      `/api/medications/${ids.amlodipine}`,
      { dosage: '2 tablets', reason: 'GP review' },
      { 'If-Match': shown.revision },
    );
    expect(changed.status, changed.text).toBe(200);
    lastPosition = changed.body.position as string;
    const stale = await coordinator.request(
      'PATCH',
      `/api/medications/${ids.amlodipine}`,
      { dosage: '1 tablet', reason: 'Back to one' },
      { 'If-Match': shown.revision },
    );
    expect(stale.status, stale.text).toBe(409);
    const after = (
      await ok<MedicationView[]>(`/api/medications?clientId=${ids.edith}`, medicationViewSchema.array())
    ).body.find((row) => row.id === ids.amlodipine)!;
    expect(after).toMatchObject({ dosage: '2 tablets', revision: '4' });
  });
});

describe('the facts the medication alert rules read', () => {
  it('gives each active prescription its schedule and recorded doses, the latest outcomes, and a dose’s outcome', async () => {
    await read('/api/medications');
    const db = createReadModelDb(stack!.pool);
    const doses = await activePrescriptionDoses(db, new Date(Date.now() - 3 * 86_400_000));
    const amlodipine = doses.find((fact) => fact.id === ids.amlodipine)!;
    expect(amlodipine).toMatchObject({ name: 'Amlodipine', clientName: 'Edith Green', timeCritical: false });
    expect(amlodipine.recorded.sort()).toEqual([dueOn(2), dueOn(1), dueOn(0)].sort());
    expect(amlodipine.schedule.periods[0]?.doseTimes).toEqual([time]);
    const latest = await latestTwoOutcomes(db, new Date(Date.now() - 7 * 86_400_000));
    expect(latest.filter((o) => o.prescriptionId === ids.amlodipine).map((o) => o.dueAt.toISOString())).toEqual([
      dueOn(0),
      dueOn(1),
    ]);
    expect((await latestOutcomeOf(db, [ids.amlodipine]))[0]?.dueAt.toISOString()).toBe(dueOn(0));
    const { outcomes, statuses } = await doseOutcomes(db, [
      `${ids.amlodipine}/${dueOn(1)}`,
      `${ids.warfarin}/${dueOn(0, inHalfAnHour)}`,
    ]);
    expect(outcomes.map((o) => [o.prescriptionId, o.code])).toEqual([[ids.amlodipine, 'T']]);
    expect(statuses.get(ids.warfarin)).toBe('active');
  });
});

describe('the MAR chart', () => {
  it('grids the days and dose times with each outcome and initials, and prints the same to PDF', async () => {
    const from = addDays(today, -2);
    const { body } = await ok<z.infer<typeof marChartSchema>>(
      `/api/medications/mar?clientId=${ids.edith}&from=${from}&days=3`,
      marChartSchema,
    );
    expect(body.client).toMatchObject({
      name: 'Edith Green',
      allergies: ['Penicillin'],
      dateOfBirth: '1938-05-14',
      gpPractice: 'Meanwood Health Centre, Leeds LS6',
      gpPhone: '0113 295 1000',
    });
    expect(body.days).toEqual([from, addDays(today, -1), today]);
    const amlodipine = body.medicines.find((m) => m.name === 'Amlodipine')!;
    expect(amlodipine.rows.map((row) => row.time)).toEqual([time]);
    expect(amlodipine.rows[0]!.cells.map((cell) => [cell.code, cell.initials])).toEqual([
      ['NR', 'CN'],
      ['T', 'CN'],
      ['T', 'CN'],
    ]);
    expect(body.medicines.map((m) => m.name)).toContain('Ibuprofen');
    expect(body.codes.map((c) => c.code)).toContain('NR');
    expect((await read(`/api/medications/mar?clientId=${ids.frank}&from=${from}&days=3`, carer)).status).toBe(404);
    expect((await read(`/api/medications/mar?clientId=${ids.edith}&from=${from}&days=32`)).status).toBe(400);

    const pdf = await fetch(`${stack!.readUrl}/api/medications/mar.pdf?clientId=${ids.edith}&from=${from}&days=3`, {
      headers: { cookie: coordinator.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('MAR chart: Edith Green');
    expect(text).toContain('Penicillin');
    expect(text).toContain('Amlodipine');
    expect(text).toContain('Not required');
    expect(text).toMatch(/NR CN/);
    expect(text).toContain('Meanwood Health Centre, Leeds LS6');
    expect(text).toContain('0113 295 1000');
    // A client with no GP recorded says so on the chart rather than leaving the line out.
    const frank = await ok<z.infer<typeof marChartSchema>>(
      `/api/medications/mar?clientId=${ids.frank}&from=${from}&days=3`,
      marChartSchema,
    );
    expect(frank.body.client).toMatchObject({ gpPractice: null, gpPhone: null });
  });
});

describe('the Medicine Database', () => {
  it('lists the 20 built-in medicines and those an admin adds; a coordinator cannot add one; a name is added once', async () => {
    expect(
      (
        await coordinator.request('POST', '/api/medications/reference', {
          name: 'Donepezil',
          type: 'Tablet',
          strengths: ['5mg'],
          category: 'Neurological',
        })
      ).status,
    ).toBe(403);
    await write(stack!.command.admin, 'POST', '/api/medications/reference', {
      name: 'Donepezil',
      type: 'Tablet',
      strengths: ['5mg', '10mg'],
      category: 'Neurological',
    });
    const again = await stack!.command.admin.request('POST', '/api/medications/reference', {
      name: 'donepezil',
      type: 'Tablet',
      strengths: ['5mg'],
      category: 'Neurological',
    });
    expect(again.status).toBe(409);
    const { body } = await ok<z.infer<typeof referenceMedicineViewSchema>[]>(
      '/api/medications/reference',
      referenceMedicineViewSchema.array(),
    );
    expect(body.filter((medicine) => medicine.builtIn)).toHaveLength(20);
    expect(body.find((medicine) => medicine.name === 'Donepezil')).toMatchObject({
      strengths: ['5mg', '10mg'],
      builtIn: false,
    });
  });
});

describe('interactions as a carer', () => {
  it("leaves out the clients outside the carer's visits, whose medicines interact too", async () => {
    await prescribe(ids.frank, 'Warfarin', [time]);
    await prescribe(ids.frank, 'Ibuprofen', [], {
      frequency: 'When required',
      prn: { reason: 'Pain', dose: '400mg', minIntervalMinutes: 360, maxDosesIn24h: 3 },
    });
    const named = (rows: z.infer<typeof clientInteractionSchema>[]) => rows.map((row) => row.clientName).sort();
    const agency = await ok<z.infer<typeof clientInteractionSchema>[]>(
      '/api/medications/interactions',
      clientInteractionSchema.array(),
    );
    expect(named(agency.body)).toEqual(['Edith Green', 'Frank Green']);
    const mine = await ok<z.infer<typeof clientInteractionSchema>[]>(
      '/api/medications/interactions',
      clientInteractionSchema.array(),
      carer,
    );
    expect(named(mine.body)).toEqual(['Edith Green']);
  });
});
