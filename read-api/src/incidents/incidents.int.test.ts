import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { londonToday } from '@care/events';
import type {
  DashboardStats,
  IncidentAnalyticsView,
  IncidentDetailView,
  IncidentSummaryView,
  IncidentView,
} from '@care/events';
import {
  dashboardStatsSchema,
  incidentAnalyticsViewSchema,
  incidentDetailViewSchema,
  incidentSummaryViewSchema,
  incidentViewSchema,
} from '@care/events/api';
import type { ApiReply, TestUser } from '@care/command-api/testing';
import { createReadModelDb } from '@care/projector';
import { incidentsWithOverdueDuties, openCriticalIncidents, openEscalatedIncidents } from '@care/projector/rule-facts';
import { AlertScenario } from '../../testing/alert-scenario';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * Incidents end to end through both services: a carer reports from their visit and from a diary entry; a coordinator
 * investigates, notes, amends, escalates, resolves and closes; the lists, cards, analytics, timeline and dashboard
 * tile follow, and a carer reads only their own.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;
const ids = { fall: '', bruising: '', dose: '', diary: '' };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'incidents');
  s = new AlertScenario(stack);
  await s.people();
  await s.recordVisits();
  await s.writeDiary();
});

afterAll(async () => {
  await stack?.stop();
});

async function ok<T>(path: string, schema: z.ZodType, user?: TestUser): Promise<{ body: T; reply: ApiReply }> {
  const reply = await s.read(path, user);
  expect(reply.status, `${path}: ${reply.text}`).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success ? [] : parsed.error.issues, path).toEqual([]);
  return { body: reply.body as T, reply };
}
const list = async (query: string, user?: TestUser) =>
  (await ok<IncidentView[]>(`/api/incidents${query}`, incidentViewSchema.array(), user)).body;
const titles = async (query: string, user?: TestUser) => (await list(query, user)).map((incident) => incident.title);
const detail = async (id: string, user?: TestUser) =>
  (await ok<IncidentDetailView>(`/api/incidents/${id}`, incidentDetailViewSchema, user)).body;

describe('reporting', () => {
  it('a carer reports a fall from their own visit: the visit fills in the client and carer', async () => {
    const reply = await s.send(
      'POST',
      '/api/incidents',
      {
        type: 'accident',
        severity: 'high',
        title: 'Fall in the hallway',
        description: 'Found on the floor on arrival, conscious.',
        immediateAction: 'Called 111',
        followUpRequired: true,
        followUpNotes: 'Falls team referral',
        dateOccurred: hoursAgo(4),
        appointmentId: s.ids.V2,
      },
      s.carerA,
    );
    ids.fall = reply.id;
    await s
      .send(
        'POST',
        '/api/incidents',
        {
          type: 'safeguarding',
          severity: 'critical',
          title: 'Bruising on both arms',
          description: 'Unexplained bruising noticed during personal care.',
          carerId: s.carerIdB,
          clientId: s.clientId,
          dateOccurred: hoursAgo(30),
        },
        s.coordinator,
      )
      .then((created) => (ids.bruising = created.id));
    ids.dose = (
      await s.send('POST', '/api/incidents', {
        type: 'medication_error',
        severity: 'medium',
        title: 'Evening dose given twice',
        description: 'Two carers each gave it.',
        dateOccurred: hoursAgo(24 * 20),
      })
    ).id;
    const fall = await detail(ids.fall);
    expect(fall).toMatchObject({
      status: 'reported',
      clientName: 'Edith Green',
      carerName: 'Ann Archer',
      appointmentId: s.ids.V2,
      reportedByName: 'Ann Archer',
      followUpRequired: true,
    });
    expect(fall.timeline.map((entry) => entry.summary)).toEqual(['Reported from a visit']);
  });

  it('refuses a carer naming someone else’s visit, an incident in the future, and a missing title', async () => {
    const base = { type: 'accident', severity: 'low', title: 'Trip', description: 'x', dateOccurred: hoursAgo(1) };
    const theirs = await s.carerA.request('POST', '/api/incidents', { ...base, appointmentId: s.ids.V3 });
    // Another carer's visit answers as one that does not exist (404), as for every record outside a carer's work.
    expect([theirs.status, theirs.body.fields]).toEqual([404, { appointmentId: 'No visit of yours has this ID' }]);
    const future = await s.carerA.request('POST', '/api/incidents', {
      ...base,
      dateOccurred: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect([future.status, future.body.fields]).toEqual([
      400,
      { dateOccurred: 'Date occurred cannot be in the future' },
    ]);
    const untitled = await s.carerA.request('POST', '/api/incidents', { ...base, title: ' ' });
    expect([untitled.status, untitled.body.fields.title]).toEqual([400, 'Title is required']);
  });

  it('turns a diary entry of type incident into an incident in one step, once', async () => {
    const reply = await s.send('POST', '/api/incidents/from-diary-entry', { diaryEntryId: s.ids.D1 }, s.coordinator);
    ids.diary = reply.id;
    const again = await s.admin.request('POST', '/api/incidents/from-diary-entry', { diaryEntryId: s.ids.D1 });
    expect([again.status, again.body.error]).toEqual([409, 'An incident was already reported from this diary entry']);
    const incident = await detail(reply.id);
    expect(incident).toMatchObject({
      title: 'Fall in the kitchen',
      description: 'Noted.',
      diaryEntryId: s.ids.D1,
      clientName: 'Edith Green',
      carerName: 'Ann Archer',
      severity: 'high',
    });
    expect(incident.timeline[0]?.summary).toBe('Reported from a diary entry');
  });
});

describe('investigating to closing', () => {
  it('runs the whole path with notes, an amendment that keeps the original, an escalation, and the follow-up waived', async () => {
    const c = s.coordinator;
    const step = (path: string, body?: unknown) => s.send('POST', `/api/incidents/${ids.fall}${path}`, body, c);
    const early = await c.request('POST', `/api/incidents/${ids.fall}/resolve`, { resolutionSummary: 'x' });
    expect([early.status, early.body.error]).toEqual([409, 'Start the investigation before resolving the incident']);
    await step('/investigate');
    await step('/notes', { note: 'Spoke to the daughter: rug by the door.' });
    await step('/amend', { location: 'Hallway by the front door', reason: 'Location was not recorded' });
    await step('/escalate', { severity: 'critical', escalatedTo: s.admin.id, reason: 'Admitted to hospital' });
    await step('/resolve', { resolutionSummary: 'Rug removed, grab rail fitted.' });
    const notWaived = await c.request('POST', `/api/incidents/${ids.fall}/close`, {});
    expect([notWaived.status, notWaived.body.fields]).toEqual([
      400,
      { followUpWaivedReason: 'The follow-up is not done: record it as done, or waive it with a reason' },
    ]);
    await step('/close', { followUpWaivedReason: 'Falls team already involved' });

    const fall = await detail(ids.fall);
    expect(fall).toMatchObject({
      status: 'closed',
      severity: 'critical',
      location: 'Hallway by the front door',
      amended: true,
      escalated: true,
      escalatedTo: { id: s.admin.id },
      resolutionSummary: 'Rug removed, grab rail fitted.',
      notesCount: 1,
    });
    expect(fall.notes).toEqual([
      {
        id: expect.any(String),
        note: 'Spoke to the daughter: rug by the door.',
        by: { id: s.coordinator.id, firstName: 'Cora', lastName: 'Ndiaye' },
        at: expect.any(String),
      },
    ]);
    expect(fall.timeline.map((entry) => entry.summary)).toEqual([
      'Reported from a visit',
      'Investigation started',
      'Investigation note: Spoke to the daughter: rug by the door.',
      'Amended: Location was not recorded',
      'Escalated (severity raised from High to Critical, handed to a named person): Admitted to hospital',
      'Resolved: Rug removed, grab rail fitted.',
      'Closed; follow-up waived: Falls team already involved',
    ]);
    // The original report is still there: the report's own values, and the amendment's before and after.
    expect(fall.timeline[0]?.changes).toContainEqual({ field: 'Title', before: null, after: 'Fall in the hallway' });
    expect(fall.timeline[3]?.changes).toEqual([
      { field: 'Location', before: null, after: 'Hallway by the front door' },
    ]);
    expect(fall.timeline[0]?.by).toEqual({ id: s.carerA.id, firstName: 'Ann', lastName: 'Archer' });

    await step('/reopen', { reason: 'Fell again' });
    expect((await detail(ids.fall)).status).toBe('investigating');
  });

  it('records a safeguarding referral and statutory duties; an overdue duty shows in the overdue filter', async () => {
    const c = s.coordinator;
    await s.send(
      'POST',
      `/api/incidents/${ids.bruising}/safeguarding-referrals`,
      { referredOn: londonToday(), referredTo: 'Leeds Adult Social Care', localAuthorityReference: 'LA-2291' },
      c,
    );
    await s.send(
      'POST',
      `/api/incidents/${ids.bruising}/duties`,
      { duty: 'cqc_notification', reason: 'abuse_or_allegation', dueDate: '2026-01-02' },
      c,
    );
    const wrongReason = await c.request('POST', `/api/incidents/${ids.bruising}/duties`, {
      duty: 'riddor',
      reason: 'abuse_or_allegation',
    });
    expect([wrongReason.status, wrongReason.body.fields]).toEqual([
      400,
      { reason: 'This reason does not apply to this duty' },
    ]);
    const bruising = await detail(ids.bruising);
    expect(bruising.referrals).toMatchObject([
      { referredTo: 'Leeds Adult Social Care', localAuthorityReference: 'LA-2291', outcome: null },
    ]);
    expect(bruising.duties).toEqual([
      {
        duty: 'cqc_notification',
        reason: 'abuse_or_allegation',
        dueDate: '2026-01-02',
        steps: [],
        met: false,
        overdue: true,
      },
    ]);
    expect(await titles('?overdue=true')).toEqual(['Bruising on both arms']);
  });

  it('refuses a carer every management command (403) and appends nothing', async () => {
    for (const [path, body] of [
      ['/investigate', undefined],
      ['/notes', { note: 'x' }],
      ['/escalate', { severity: 'critical', reason: 'x' }],
    ] as const) {
      expect((await s.carerA.request('POST', `/api/incidents/${ids.dose}${path}`, body)).status).toBe(403);
    }
  });
});

describe('reading', () => {
  it('lists most recent first, searches title, client and carer names, filters by severity and tab, pages with X-Total-Count', async () => {
    expect(await titles('')).toEqual([
      'Fall in the kitchen',
      'Fall in the hallway',
      'Bruising on both arms',
      'Evening dose given twice',
    ]);
    expect(await titles('?search=EDITH')).toEqual([
      'Fall in the kitchen',
      'Fall in the hallway',
      'Bruising on both arms',
    ]);
    expect(await titles('?search=ben%20brook')).toEqual(['Bruising on both arms']);
    expect(await titles('?search=dose')).toEqual(['Evening dose given twice']);
    expect(await titles('?severity=critical')).toEqual(['Fall in the hallway', 'Bruising on both arms']);
    expect(await titles('?tab=safeguarding')).toEqual(['Bruising on both arms']);
    expect(await titles('?tab=investigating')).toEqual(['Fall in the hallway']);
    const page = await ok<IncidentView[]>('/api/incidents?limit=2&offset=2', incidentViewSchema.array());
    expect([page.reply.headers.get('x-total-count'), page.body.map((incident) => incident.title)]).toEqual([
      '4',
      ['Bruising on both arms', 'Evening dose given twice'],
    ]);
    expect((await s.read('/api/incidents?severity=urgent')).status).toBe(400);
  });

  it('a carer reads only the incidents they reported or that name their carer record; others are 404', async () => {
    expect(await titles('', s.carerA)).toEqual(['Fall in the kitchen', 'Fall in the hallway']);
    expect(await titles('', s.carerB)).toEqual(['Bruising on both arms']);
    expect((await s.read(`/api/incidents/${ids.dose}`, s.carerA)).status).toBe(404);
    expect(
      (await ok<IncidentSummaryView>('/api/incidents/summary', incidentSummaryViewSchema, s.carerB)).body.total,
    ).toBe(1);
  });

  it('counts the cards and the analytics for the filters', async () => {
    const { body } = await ok<IncidentSummaryView>('/api/incidents/summary', incidentSummaryViewSchema);
    expect(body).toEqual({
      critical: 2,
      open: 4,
      thisWeek: 3,
      total: 4,
      underInvestigation: 1,
      safeguarding: 1,
      overdueDuties: 1,
    });
    expect(
      (await ok<IncidentSummaryView>('/api/incidents/summary?search=dose', incidentSummaryViewSchema)).body.total,
    ).toBe(1);
    const analytics = (await ok<IncidentAnalyticsView>('/api/incidents/analytics', incidentAnalyticsViewSchema)).body;
    expect(analytics.byType).toEqual([
      { type: 'accident', count: 2 },
      { type: 'medication_error', count: 1 },
      { type: 'behavioral', count: 0 },
      { type: 'safeguarding', count: 1 },
    ]);
    expect(analytics.bySeverity.find((entry) => entry.severity === 'critical')?.count).toBe(2);
    expect(analytics.byMonth).toHaveLength(12);
    expect(analytics.byMonth.reduce((sum, month) => sum + month.count, 0)).toBe(4);
    expect(analytics.resolvedCount).toBe(1);
    expect(analytics.medianHoursToResolve).toBeGreaterThanOrEqual(0);
  });

  it('the dashboard tile counts open incidents for staff; a carer has none', async () => {
    expect((await ok<DashboardStats>('/api/dashboard/stats', dashboardStatsSchema)).body.incidents).toBe(4);
    expect(
      (await ok<DashboardStats>('/api/dashboard/stats', dashboardStatsSchema, s.carerA)).body.incidents,
    ).toBeNull();
  });

  it('gives the incident rules their facts: open critical or safeguarding, open escalated, duties overdue', async () => {
    await s.read('/api/incidents');
    const db = createReadModelDb(stack!.pool);
    expect((await openCriticalIncidents(db)).map((fact) => fact.title).sort()).toEqual([
      'Bruising on both arms',
      'Fall in the hallway',
    ]);
    expect((await openEscalatedIncidents(db)).map((fact) => [fact.title, fact.escalationReason])).toEqual([
      ['Fall in the hallway', 'Admitted to hospital'],
    ]);
    const overdue = await incidentsWithOverdueDuties(db, new Date());
    expect(overdue.map((fact) => [fact.title, fact.clientName, fact.duties])).toEqual([
      [
        'Bruising on both arms',
        'Edith Green',
        [{ duty: 'cqc_notification', reason: 'abuse_or_allegation', dueDate: '2026-01-02', steps: [], met: false }],
      ],
    ]);
  });
});

/** A file from the read API as bytes, once the projections have every write so far. */
async function download(
  path: string,
  user: TestUser,
): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Uint8Array }> {
  const response = await fetch(`${stack!.readUrl}${path}`, {
    headers: { cookie: user.cookie, 'x-min-position': s.lastPosition },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe('reports', () => {
  it('Full Report is a PDF of the whole record and its timeline, the original report included', async () => {
    const file = await download(`/api/incidents/${ids.fall}/report.pdf`, s.coordinator);
    expect([file.status, file.type, file.disposition]).toEqual([
      200,
      'application/pdf',
      `attachment; filename="incident-${ids.fall}.pdf"`,
    ]);
    const text = await pdfText(file.bytes);
    for (const expected of [
      'Incident Report: Fall in the hallway',
      'Generated',
      'Cora Ndiaye',
      'Edith Green',
      'Ann Archer',
      'Rug removed, grab rail fitted.',
      'Spoke to the daughter: rug by the door.',
      'Amended: Location was not recorded',
      'Location: Hallway by the front door',
      'Title: Fall in the hallway',
      'Reopened: Fell again',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await download(`/api/incidents/${ids.dose}/report.pdf`, s.carerA)).status).toBe(404);
  });

  it('Generate Report gives the filtered incidents as a PDF and as CSV', async () => {
    const pdf = await download('/api/incidents/report.pdf?severity=critical', s.admin);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Incidents: severity critical');
    expect(text).toContain('Fall in the hallway');
    expect(text).toContain('Bruising on both arms');
    expect(text).not.toContain('Evening dose given twice');
    const csv = await download('/api/incidents/export.csv?search=dose', s.admin);
    const lines = new TextDecoder().decode(csv.bytes).trim().split(/\r?\n/);
    expect([csv.status, lines.length, lines[0]?.startsWith('Date occurred,Title,Type,Severity')]).toEqual([
      200,
      2,
      true,
    ]);
    expect(lines[1]).toContain('Evening dose given twice');
  });
});
