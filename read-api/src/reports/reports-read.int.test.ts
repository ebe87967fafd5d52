import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  comparePositions,
  diaryEntryStreamId,
  londonToday,
  positionFromToken,
  positionToToken,
  type ReportCompliance,
  type ReportOperational,
  type ReportOverview,
  type ReportPerformance,
  type ReportQuality,
} from '@care/events';
import {
  reportComplianceSchema,
  reportOperationalSchema,
  reportOverviewSchema,
  reportPerformanceSchema,
  reportQualitySchema,
} from '@care/events/api';
import { requester, type TestUser } from '@care/command-api/testing';
import { AlertTaskLog } from '@care/projector/testing';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { cancelled, checkedIn, checkedOut, missed, VisitLog } from '../appointments/visit-fixtures';

/**
 * Reports & Analytics figures against an agency counted by hand. The range is the custom
 * range D-9 .. D-3 (D = today, London); "at(n, time)" is n days ago at that UTC time, which is the same London date.
 *
 * Visits in range (planned 10:00 UTC):
 *   Anna (north): #1 completed, in 10:05 (on time), tasks a,b,c done a,b,z, notes + signature, rated 4, 60 min
 *                 #2 completed, in 10:20 (late), tasks a done a, no notes, 30 min
 *                 #3 completed, in 09:30 (early: on time), no tasks, 45 min
 *                 #4 cancelled, 60 min
 *   Ben (north):  #5 completed, in 10:15 (exactly 15 minutes: on time), rated 2, 90 min;  #6 missed, 30 min
 *   Cara (south): #7 no-show, 60 min;  #8 still scheduled, 30 min
 *   no carer:     #9 scheduled, 45 min
 * Out of range: Anna completed D-12 and D-2.
 */
let stack: ReadStack;
let visits: VisitLog;
let alerts: AlertTaskLog;
let commandPosition = '';
let admin: TestUser;
const today = londonToday();
const at = (daysAgo: number, time = '10:00') => `${addDays(today, -daysAgo)}T${time}:00Z`;
const range = `range=custom&from=${addDays(today, -9)}&to=${addDays(today, -3)}`;
const ids = { anna: '', ben: '', cara: '', dora: '', client: '' };
let diaryPosition = '';

function latest(): string {
  const tokens = [commandPosition, visits.lastPosition, alerts.lastPosition, diaryPosition].filter(Boolean);
  return tokens.reduce((a, b) => (comparePositions(positionFromToken(b)!, positionFromToken(a)!) > 0 ? b : a));
}

async function send(path: string, body: unknown): Promise<string> {
  const reply = await admin.request('POST', path, body);
  expect(reply.status, reply.text).toBe(201);
  commandPosition = reply.body.position;
  return reply.body.id as string;
}

async function read<T>(path: string, user: TestUser = admin): Promise<T> {
  const reply = await requester(stack.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': latest() });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
}

const carer = (firstName: string, lastName: string, region: string | null) =>
  send('/api/carers', {
    firstName,
    lastName,
    email: `${firstName}.${randomUUID().slice(0, 6)}@example.org`.toLowerCase(),
    employeeId: `EMP-${randomUUID().slice(0, 8)}`,
    startDate: '2024-03-01',
    region,
  });

async function diary(carerId: string, daysAgo: number, entryType: string, amendTo?: string): Promise<void> {
  const id = randomUUID();
  const correlationId = randomUUID();
  const metadata = {
    userId: admin.id,
    occurredAt: new Date().toISOString(),
    correlationId,
    causationId: correlationId,
  };
  const events = [
    {
      eventId: randomUUID(),
      type: 'DiaryEntryAdded',
      schemaVersion: 1,
      data: {
        id,
        carerId,
        clientId: ids.client,
        appointmentId: null,
        entryDate: at(daysAgo, '12:00'),
        entryType,
        priority: 'normal',
        title: 'Note',
        content: 'Text',
        tags: [],
        isConfidential: false,
      },
      metadata,
    },
    ...(amendTo
      ? [
          {
            eventId: randomUUID(),
            type: 'DiaryEntryAmended',
            schemaVersion: 1,
            data: { id, changes: { entryType: amendTo }, reason: 'Was an incident' },
            metadata,
          },
        ]
      : []),
  ];
  const result = await stack.command.store.append(diaryEntryStreamId(id), events, 'no_stream');
  diaryPosition = positionToToken(result.position);
}

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'reports_read');
  admin = stack.command.admin;
  visits = new VisitLog(stack.command.store, admin.id);
  alerts = new AlertTaskLog(stack.command.store);
  ids.anna = await carer('Anna', 'Adams', 'north');
  ids.ben = await carer('Ben', 'Brook', 'north');
  ids.cara = await carer('Cara', 'Cole', 'south');
  ids.dora = await carer('Dora', 'Dunn', 'east');
  ids.client = await send('/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  const plan = (carerId: string | null, daysAgo: number, durationMinutes: number, tasks: string[] = []) => ({
    clientId: ids.client,
    carerId,
    scheduledStart: at(daysAgo),
    durationMinutes,
    tasks,
  });
  const signature = 'data:image/png;base64,iVBORw0KGgo=';
  await visits.visit(
    plan(ids.anna, 8, 60, ['a', 'b', 'c']),
    checkedIn(ids.anna, at(8, '10:05')),
    checkedOut(at(8, '11:05'), { tasksCompleted: ['a', 'b', 'z'], notes: 'All well', signature, clientRating: 4 }),
  );
  await visits.visit(
    plan(ids.anna, 7, 30, ['a']),
    checkedIn(ids.anna, at(7, '10:20'), { lateArrival: true, lateReason: 'Traffic' }),
    checkedOut(at(7, '10:50'), { tasksCompleted: ['a'] }),
  );
  await visits.visit(
    plan(ids.anna, 6, 45),
    checkedIn(ids.anna, at(6, '09:30')),
    checkedOut(at(6, '10:15'), { notes: 'Fine' }),
  );
  await visits.visit(plan(ids.anna, 5, 60), cancelled('Client in hospital'));
  await visits.visit(
    plan(ids.ben, 5, 90),
    checkedIn(ids.ben, at(5, '10:15')),
    checkedOut(at(5, '11:45'), { clientRating: 2, signature }),
  );
  await visits.visit(plan(ids.ben, 4, 30), missed(at(4, '11:00')));
  await visits.visit(plan(ids.cara, 4, 60), (id) => ({
    type: 'AppointmentNoShowRecorded',
    data: { id, reason: 'Not at home' },
  }));
  await visits.visit(plan(ids.cara, 3, 30));
  await visits.visit(plan(null, 3, 45));
  await visits.visit(plan(ids.anna, 12, 60), checkedIn(ids.anna, at(12, '10:00')), checkedOut(at(12, '11:00')));
  await visits.visit(plan(ids.anna, 2, 60), checkedIn(ids.anna, at(2, '10:00')), checkedOut(at(2, '11:00')));
  // Shifts: Anna 08:00-16:00 less 30 min = 450; Ben 09:00-12:00 with no break = 180; Ben's cancelled one counts 0.
  await visits.shift({ carerId: ids.anna, startTime: at(5, '08:00'), endTime: at(5, '16:00') });
  const benShift = await visits.shift({ carerId: ids.ben, startTime: at(4, '09:00'), endTime: at(4, '11:00') });
  await visits.then(
    benShift,
    () =>
      ({
        type: 'ShiftChanged',
        data: { id: benShift, changes: { endTime: at(4, '12:30'), breakMinutes: 30 } },
      }) as never,
  );
  await visits.shift({ carerId: ids.ben, startTime: at(6, '09:00'), endTime: at(6, '11:00') }, true);
  // Diary: Anna two care notes (one amended to an incident) and an incident, Ben a medication entry, Cara an
  // observation; Anna's D-1 note is out of range.
  await diary(ids.anna, 8, 'care_note');
  await diary(ids.anna, 7, 'care_note', 'incident');
  await diary(ids.anna, 6, 'incident');
  await diary(ids.ben, 5, 'medication');
  await diary(ids.cara, 4, 'observation');
  await diary(ids.anna, 1, 'care_note');
  // Training: Anna has all 8 required types and a second first aid (9 current records: capped at 100%); Ben 6
  // types, one of them expiring in 10 days; Cara none; Dora 5 (62.5% → 63, Needs Attention).
  const required = [
    'cpr',
    'first_aid',
    'medication',
    'safeguarding',
    'manual_handling',
    'food_safety',
    'infection_control',
    'dementia_care',
  ];
  const train = (carerId: string, trainingType: string, expiryDate: string | null = null) =>
    send('/api/training', { carerId, trainingType, completedDate: '2026-01-05', expiryDate, status: 'current' });
  for (const type of [...required, 'first_aid']) await train(ids.anna, type);
  for (const type of required.slice(0, 6)) await train(ids.ben, type, type === 'cpr' ? addDays(today, 10) : null);
  for (const type of required.slice(0, 5)) await train(ids.dora, type);
  // Alerts: Anna one open and one resolved, Cara one acknowledged (open), one about no carer.
  const annaAlert = await alerts.raise({ carerId: ids.anna, severity: 'high', title: 'Visit running late' });
  await alerts.alert(
    annaAlert,
    { type: 'AlertResolved', data: { id: annaAlert, by: 'person', note: 'Arrived' } },
    admin.id,
  );
  await alerts.raise({ carerId: ids.anna, severity: 'medium', title: 'Visit running late again' });
  const caraAlert = await alerts.raise({ carerId: ids.cara, severity: 'critical', title: 'Visit missed' });
  await alerts.alert(caraAlert, { type: 'AlertAcknowledged', data: { id: caraAlert, note: null } }, admin.id);
  await alerts.raise({ severity: 'low', title: 'Visit has no carer', rule: 'visit_unassigned' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('Overview', () => {
  it('counts every appointment in the range, completion over all and punctuality over the completed', async () => {
    const overview = await read<ReportOverview>(`/api/reports/overview?${range}`);
    expect(overview.scope).toEqual({ from: addDays(today, -9), to: addDays(today, -3), region: null, carerId: null });
    expect([overview.totalAppointments, overview.completed, overview.onTime]).toEqual([9, 4, 3]);
    expect(overview.completionRate).toBe(44.4);
    expect(overview.punctualityRate).toBe(75);
    // Not yet acknowledged: Anna's open one and the one about no carer (Cara's is acknowledged).
    expect(overview.activeAlerts).toBe(2);
    expect(overview.trend.bucket).toBe('day');
    expect(overview.trend.points.map((point) => point.total)).toEqual([0, 1, 1, 1, 2, 2, 2]);
    expect(overview.trend.points.map((point) => point.completionRate)).toEqual([null, 100, 100, 100, 50, 0, 0]);
  });

  it('filters by region and carer; a region with no completed visit has no punctuality rate', async () => {
    const north = await read<ReportOverview>(`/api/reports/overview?${range}&region=north`);
    expect([
      north.totalAppointments,
      north.completed,
      north.completionRate,
      north.punctualityRate,
      north.activeAlerts,
    ]).toEqual([6, 4, 66.7, 75, 1]);
    const south = await read<ReportOverview>(`/api/reports/overview?${range}&region=south`);
    expect([
      south.totalAppointments,
      south.completed,
      south.completionRate,
      south.punctualityRate,
      south.activeAlerts,
    ]).toEqual([2, 0, 0, null, 0]);
    const ben = await read<ReportOverview>(`/api/reports/overview?${range}&carerId=${ids.ben}`);
    expect([ben.totalAppointments, ben.completionRate, ben.punctualityRate, ben.activeAlerts]).toEqual([2, 50, 100, 0]);
    const west = await read<ReportOverview>(`/api/reports/overview?${range}&region=west`);
    expect([west.totalAppointments, west.completionRate, west.punctualityRate]).toEqual([0, null, null]);
  });

  it('resolves the presets to London dates ending today', async () => {
    const week = await read<ReportOverview>('/api/reports/overview?range=7d');
    expect(week.scope).toMatchObject({ from: addDays(today, -6), to: today });
    // D-3 .. D-6 of the fixtures, plus Anna's D-2: #3 #4 #5 #6 #7 #8 #9 and D-2.
    expect(week.totalAppointments).toBe(8);
    const year = await read<ReportOverview>('/api/reports/overview?range=1y');
    expect(year.trend.bucket).toBe('month');
    expect(year.totalAppointments).toBe(11);
  });

  it('refuses a custom range without dates or backwards', async () => {
    const reply = await requester(stack.readUrl, admin.cookie)(
      'GET',
      `/api/reports/overview?range=custom&from=${today}&to=${addDays(today, -1)}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ to: 'The last day must not be before the first' });
    const missing = await requester(stack.readUrl, admin.cookie)('GET', '/api/reports/overview?range=custom');
    expect(missing.body.fields).toEqual({
      from: 'Choose the first day of the range',
      to: 'Choose the last day of the range',
    });
  });
});

describe('Performance', () => {
  it('ranks carers by completion rate with punctuality and the mean scheduled duration of completed visits', async () => {
    const performance = await read<ReportPerformance>(`/api/reports/performance?${range}`);
    expect(performance.carersWithVisits).toBe(3);
    expect(
      performance.rankings.map((row) => [
        row.carerName,
        row.total,
        row.completed,
        row.completionRate,
        row.punctualityRate,
        row.averageDurationMinutes,
      ]),
    ).toEqual([
      ['Anna Adams', 4, 3, 75, 66.7, 45],
      ['Ben Brook', 2, 1, 50, 100, 90],
      ['Cara Cole', 2, 0, 0, null, null],
    ]);
  });

  it('is empty for a range with no visits', async () => {
    const empty = await read<ReportPerformance>(`/api/reports/performance?range=custom&from=2030-01-01&to=2030-01-31`);
    expect(empty).toMatchObject({ rankings: [], carersWithVisits: 0 });
  });
});

describe('Compliance', () => {
  it('gives each active carer current records ÷ 8, capped at 100, with the badge, and training expiring in 30 days', async () => {
    const compliance = await read<ReportCompliance>(`/api/reports/compliance?${range}`);
    expect(
      compliance.carers.map((row) => [row.carerName, row.currentCount, row.compliancePercent, row.rating]),
    ).toEqual([
      ['Anna Adams', 8, 100, 'Excellent'],
      ['Ben Brook', 6, 75, 'Good'],
      ['Cara Cole', 0, 0, 'Needs Attention'],
      ['Dora Dunn', 5, 63, 'Needs Attention'],
    ]);
    expect(compliance.averageCompliance).toBe(59.5);
    expect(compliance.expiring.map((row) => [row.carerName, row.trainingType, row.expiryDate])).toEqual([
      ['Ben Brook', 'cpr', addDays(today, 10)],
    ]);
    const south = await read<ReportCompliance>(`/api/reports/compliance?${range}&region=south`);
    expect(south.carers.map((row) => row.carerName)).toEqual(['Cara Cole']);
    expect(south.expiring).toEqual([]);
  });
});

describe('Quality', () => {
  it('computes each metric from what was recorded, and the Care Diary Summary', async () => {
    const quality = await read<ReportQuality>(`/api/reports/quality?${range}`);
    const metric = (key: string) => quality.metrics.find((item) => item.key === key)!;
    expect([metric('tasks').value, metric('tasks').numerator, metric('tasks').denominator]).toEqual([75, 3, 4]);
    expect([
      metric('documentation').value,
      metric('documentation').numerator,
      metric('documentation').denominator,
    ]).toEqual([25, 1, 4]);
    expect([metric('satisfaction').value, metric('satisfaction').denominator]).toEqual([3, 2]);
    expect(metric('medication')).toMatchObject({ value: null, empty: 'No medication administrations recorded' });
    expect(quality.diary).toEqual({ totalEntries: 5, careNotes: 1, incidents: 2, medicationEntries: 1 });
  });

  it('has no figure where nothing is recorded (no completed visits)', async () => {
    const south = await read<ReportQuality>(`/api/reports/quality?${range}&region=south`);
    expect(south.completed).toBe(0);
    expect(south.metrics.filter((item) => item.key !== 'medication').map((item) => item.value)).toEqual([
      null,
      null,
      null,
    ]);
    expect(south.diary).toEqual({ totalEntries: 1, careNotes: 0, incidents: 0, medicationEntries: 0 });
  });
});

describe('Operational', () => {
  it('compares booked visit minutes with rostered shift minutes per region, and lists open alerts by severity', async () => {
    const operational = await read<ReportOperational>(`/api/reports/operational?${range}`);
    expect(operational.utilisationBy).toBe('region');
    expect(operational.utilisation.map((row) => [row.key, row.bookedMinutes, row.shiftMinutes, row.percent])).toEqual([
      ['north', 255, 630, 40.5],
      ['south', 90, 0, null],
      ['east', 0, 0, null],
      ['west', 0, 0, null],
      ['central', 0, 0, null],
    ]);
    expect(operational.alerts.map((alert) => [alert.title, alert.severity])).toEqual([
      ['Visit missed', 'critical'],
      ['Visit running late again', 'medium'],
      ['Visit has no carer', 'low'],
    ]);
    expect(operational.activeAlerts).toBe(3);
  });

  it('goes per carer within a region or for one carer', async () => {
    const anna = await read<ReportOperational>(`/api/reports/operational?${range}&carerId=${ids.anna}`);
    expect(anna.utilisationBy).toBe('carer');
    expect(anna.utilisation.map((row) => [row.label, row.bookedMinutes, row.shiftMinutes, row.percent])).toEqual([
      ['Anna Adams', 135, 450, 30],
    ]);
    expect(anna.alerts.map((alert) => alert.title)).toEqual(['Visit running late again']);
  });
});

describe('the replies', () => {
  it('match the documented strict schemas (no undocumented field)', async () => {
    const schemas = {
      overview: reportOverviewSchema,
      performance: reportPerformanceSchema,
      compliance: reportComplianceSchema,
      quality: reportQualitySchema,
      operational: reportOperationalSchema,
    };
    for (const [path, schema] of Object.entries(schemas)) {
      for (const filter of ['', `&region=north`, `&carerId=${ids.anna}`]) {
        const body = await read<unknown>(`/api/reports/${path}?${range}${filter}`);
        expect(schema.safeParse(body).error).toBeUndefined();
      }
    }
  });
});

describe('Export Reports', () => {
  const download = async (path: string) => {
    const response = await fetch(`${stack.readUrl}${path}`, {
      headers: { cookie: admin.cookie, 'x-min-position': latest() },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  };

  it('Overview Summary as a PDF with its figures and trend, read back', async () => {
    const file = await download(`/api/reports/export.pdf?report=overview&${range}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toBe(
      `attachment; filename="overview-report-${addDays(today, -9)}-to-${addDays(today, -3)}.pdf"`,
    );
    const text = await pdfText(file.bytes);
    expect(text).toContain('Overview Summary');
    expect(text).toContain('Total Appointments');
    expect(text).toContain('44.4% (4 completed ÷ 9 appointments)');
    expect(text).toContain('75.0% (3 on time ÷ 4 completed');
    expect(text).toContain('Appointments and completed, per day');
  });

  it('Overview Summary as CSV: one row per day, then the totals', async () => {
    const file = await download(`/api/reports/export.csv?report=overview&${range}&region=north`);
    expect(file.type).toBe('text/csv; charset=utf-8');
    const lines = new TextDecoder()
      .decode(file.bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Period start,Appointments,Completed,Completion rate (%)');
    expect(lines).toHaveLength(1 + 7 + 3);
    expect(lines[8]).toBe('Total,6,4,66.7');
    expect(lines[9]).toBe('Punctuality rate (%),75,,');
  });

  it('Detailed Analytics carries every tab, with the rankings chart, in the PDF and the CSV', async () => {
    const text = await pdfText((await download(`/api/reports/export.pdf?report=detailed&${range}`)).bytes);
    for (const expected of [
      'Detailed Analytics',
      'Carer Performance Rankings',
      'Completion rate per carer (top 10)',
      'Training Compliance Status',
      'Quality Metrics',
      'Care Diary Summary',
      'Resource Utilisation',
      'Alert Summary',
      'Anna Adams',
      'Visit missed',
    ]) {
      expect(text).toContain(expected);
    }
    const csv = new TextDecoder().decode((await download(`/api/reports/export.csv?report=detailed&${range}`)).bytes);
    expect(csv).toContain('Performance,Completion rate (%),Anna Adams,75\r\n');
    expect(csv).toContain('Care Diary Summary,Incidents reported,,2\r\n');
    expect(csv).toContain('Compliance,Training compliance (%),Anna Adams,100\r\n');
  });

  it('Custom Report: the measures chosen, grouped as chosen', async () => {
    const csv = new TextDecoder().decode(
      (
        await download(
          `/api/reports/export.csv?report=custom&${range}&measures=appointments,completionRate,averageDuration&groupBy=carer`,
        )
      ).bytes,
    );
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'Carer,Appointments,Completion rate (%),Average duration (min)',
      'Anna Adams,4,75,45',
      'Ben Brook,2,50,90',
      'Cara Cole,2,0,',
      'No carer assigned,1,0,',
    ]);
    const regions = new TextDecoder().decode(
      (
        await download(
          `/api/reports/export.csv?report=custom&${range}&measures=appointments,bookedHours&groupBy=region`,
        )
      ).bytes,
    );
    expect(regions).toContain('North,6,4.3\r\n');
    const pdf = await pdfText(
      (await download(`/api/reports/export.pdf?report=custom&${range}&measures=completed,satisfaction&groupBy=client`))
        .bytes,
    );
    expect(pdf).toContain('Custom Report');
    expect(pdf).toContain('Grouped by client. Measures: Completed, Client satisfaction (/5).');
    expect(pdf).toContain('Edith Green');
  });

  it('refuses a custom report without measures, or by client for one carer', async () => {
    const none = await requester(stack.readUrl, admin.cookie)(
      'GET',
      `/api/reports/export.csv?report=custom&${range}&groupBy=day`,
    );
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ measures: 'Choose at least one measure' });
    const byClient = await requester(stack.readUrl, admin.cookie)(
      'GET',
      `/api/reports/export.csv?report=custom&${range}&measures=completed&groupBy=client&carerId=${ids.anna}`,
    );
    expect(byClient.body.fields).toEqual({
      groupBy: 'Grouping by client covers every carer: clear the region and carer filters',
    });
  });
});

describe('the alert figure', () => {
  it('is the dashboard figure for the same reader: unacknowledged, a group once, their audiences; a filter keeps its carers', async () => {
    // Two expiring-training alerts about Ben form one group; an overdue invoice is a finance alert about no carer.
    for (const title of ['First aid expiring', 'CPR expiring'])
      await alerts.raise({ carerId: ids.ben, rule: 'training-expiring', severity: 'medium', title });
    await alerts.raise({ rule: 'invoice-overdue', severity: 'high', title: 'Invoice overdue' });
    const coordinator = await stack.command.createUser('coordinator');
    const figures = async (user: TestUser) => [
      (await read<ReportOverview>(`/api/reports/overview?${range}`, user)).activeAlerts,
      (await read<{ activeAlerts: number }>('/api/dashboard/stats', user)).activeAlerts,
    ];
    // Administrators read finance alerts: Anna's, the one about no carer, Ben's group once, the invoice.
    expect(await figures(admin)).toEqual([4, 4]);
    // Coordinators do not read finance alerts.
    expect(await figures(coordinator)).toEqual([3, 3]);
    // A download shows the figure the screen shows.
    const csv = await fetch(`${stack.readUrl}/api/reports/export.csv?report=overview&${range}`, {
      headers: { cookie: admin.cookie, 'x-min-position': latest() },
    });
    expect((await csv.text()).split('\r\n')).toContain('Active alerts,4,,');
    const ben = await read<ReportOverview>(`/api/reports/overview?${range}&carerId=${ids.ben}`);
    const north = await read<ReportOverview>(`/api/reports/overview?${range}&region=north`);
    expect([ben.activeAlerts, north.activeAlerts]).toEqual([1, 2]);
  });
});

describe('who may read reports', () => {
  it('refuses a carer', async () => {
    const carerUser = await stack.command.createUser('carer');
    const reply = await requester(stack.readUrl, carerUser.cookie)('GET', `/api/reports/overview?${range}`);
    expect(reply.status).toBe(403);
  });
});
