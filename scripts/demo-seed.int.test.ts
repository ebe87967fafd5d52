import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonTimeToInstant, londonToday, START_POSITION, type RawRecordedEvent } from '@care/events';
import { createLogger, createPool, PostgresEventStore } from '@care/events/server';
import { createReadModelDb } from '@care/projector';
import { ALERT_RULES, RuleRunner } from '@care/rules';
import { settledLog } from '@care/command-api/testing';
import { DEMO_VISIT_DAYS_BACK } from './demo/demo-appointments';
import { demoInvoiceRuns } from './demo/demo-finance';
import { demoPayrollPeriods } from './demo/demo-payroll';
import { DemoClock } from './demo/demo-times';
import { head, readAfter, seedDemoDataOnce, signedIn, type Send, type SeedResult } from './demo-seed';
import { noProgress, seedProgress, type SeedProgress } from './start-progress';
import { startTestProduct, type TestProduct } from './test-product';

/** The product as a first `npm start` runs it (its rules process starts once the demo is in), loaded here. */
let running: TestProduct;
let store: PostgresEventStore;
let seeded: SeedResult | undefined;
let loadedAt: Date;
let settled: Promise<RawRecordedEvent[]> | undefined;
/** Every event the seed appended, once visible (polled, so it must run inside a test). */
const eventLog = () => (settled ??= settledLog(store));

beforeAll(async () => {
  running = await startTestProduct(inject('databaseUrl'), 'demo_seed', undefined, { withoutRules: true });
  store = await PostgresEventStore.connect(running.database.url);
  loadedAt = new Date();
  // Pinned, so the stopped load below can be given the same moment (see there).
  seeded = await seedDemoDataOnce(running.database.url, running.product.url, running.admin, { now: loadedAt });
}, 900_000);
afterAll(async () => {
  await store?.close();
  await running?.stop();
});

/** A list of each read model the alert rules read (a read with ?minPosition= waits for those behind its path). */
const RULES_READ = [
  '/api/appointments?limit=1',
  '/api/carers?limit=1',
  '/api/finance/client-funding?limit=1',
  '/api/training',
  '/api/diary',
  '/api/care-plans',
  '/api/incidents',
  '/api/medications/reference',
];

/** The settled log's events of one type. */
async function eventsOf(): Promise<(type: string) => RawRecordedEvent[]> {
  const log = await eventLog();
  return (type) => log.filter((event) => event.type === type);
}
const dataOf = (event: RawRecordedEvent) => event.data as Record<string, unknown>;

describe('the demo data of the quick start', () => {
  it('goes in through the commands: carers, about 150 clients, training for every carer, a few hundred diary entries', async () => {
    const ofType = await eventsOf();
    expect(seeded?.counts).toEqual({
      carers: 30,
      clients: ofType('ClientRegistered').length,
      'training records': ofType('TrainingRecorded').length,
      'diary entries': ofType('DiaryEntryAdded').length,
      'feedback items': ofType('FeedbackSubmitted').length,
      visits: ofType('AppointmentScheduled').length,
      shifts: ofType('ShiftPlanned').length,
      tasks: ofType('TaskCreated').length,
      'care plans': ofType('CarePlanCreated').length,
      incidents: ofType('IncidentReported').length,
      prescriptions: ofType('MedicationPrescribed').length,
      'medication records': ofType('MedicationAdministrationRecorded').length,
      'report schedules': 2,
      contracts: ofType('ContractCreated').length,
      'payroll periods': ofType('PayrollPeriodProcessed').length,
      invoices: ofType('InvoiceIssued').length,
      'leave requests': ofType('LeaveRequested').length,
    });
    expect(
      ofType('ReportScheduled')
        .map((event) => String(dataOf(event).name))
        .sort(),
    ).toEqual(['Monthly detailed analytics', 'Weekly overview for the board']);
    expect(ofType('CarerRegistered')).toHaveLength(30);
    expect(ofType('ClientRegistered').length).toBeGreaterThanOrEqual(140);
    expect(ofType('DiaryEntryAdded').length).toBeGreaterThanOrEqual(200);
    expect(ofType('FeedbackSubmitted').length).toBeGreaterThan(0);
    expect(ofType('ShiftPlanned').length).toBeGreaterThan(500);
    const carersWithTraining = new Set(ofType('TrainingRecorded').map((event) => dataOf(event).carerId));
    expect(carersWithTraining.size).toBe(30);
  });

  it('prescribes for about a third of the clients and records four weeks of doses, refusals among them', async () => {
    const ofType = await eventsOf();
    const clients = new Set(ofType('MedicationPrescribed').map((event) => dataOf(event).clientId));
    const registered = ofType('ClientRegistered').length;
    expect(clients.size).toBeGreaterThanOrEqual(Math.floor(registered / 3) - 5);
    expect(clients.size).toBeLessThanOrEqual(Math.ceil(registered / 3) + 1);
    const records = ofType('MedicationAdministrationRecorded');
    expect(records.length).toBeGreaterThan(2000);
    expect(records.some((event) => dataOf(event).status === 'refused')).toBe(true);
    expect(ofType('MarCodeAdded').map((event) => dataOf(event).code)).toEqual(['H']);
    expect(records.some((event) => dataOf(event).code === 'H' && dataOf(event).status === 'not_required')).toBe(true);
    const earliest = Math.min(...records.map((event) => Date.parse(String(dataOf(event).administeredAt))));
    expect(Date.now() - earliest).toBeGreaterThan(27 * 86_400_000);
  });

  it('has care plans for most clients from the four templates, some due for review, some overdue, most agreed', async () => {
    const ofType = await eventsOf();
    const today = londonToday();
    expect(ofType('CarePlanTemplateCreated')).toHaveLength(4);
    const plans = ofType('CarePlanCreated');
    expect(plans.length).toBeGreaterThan(ofType('ClientRegistered').length * 0.7);
    const reviews = plans.map((event) => String(dataOf(event).reviewDate));
    expect(reviews.some((date) => date < today)).toBe(true);
    expect(reviews.some((date) => date >= today && date <= addDays(today, 30))).toBe(true);
    expect(ofType('CarePlanAgreed').length).toBeGreaterThan(plans.length / 2);
    expect(ofType('CarePlanUpdated').length).toBeGreaterThan(0);
  });

  it('has training expiring within 30 days and training already expired, relative to today', async () => {
    const ofType = await eventsOf();
    const today = londonToday();
    const limit = addDays(today, 30);
    const expiries = ofType('TrainingRecorded')
      .map((event) => dataOf(event).expiryDate)
      .filter((date): date is string => typeof date === 'string');
    expect(expiries.some((date) => date >= today && date <= limit)).toBe(true);
    expect(expiries.some((date) => date < today)).toBe(true);
  });

  it('has confidential diary entries, some written by the demo carer account', async () => {
    const ofType = await eventsOf();
    const entries = ofType('DiaryEntryAdded');
    expect(entries.some((event) => dataOf(event).isConfidential === true)).toBe(true);
    const carerAccount = ofType('UserRegistered').find((event) => dataOf(event).email === 'carer@demo.example');
    expect(carerAccount).toBeDefined();
    const byCarer = entries.filter(
      (event) => (event.metadata as { userId?: string }).userId === dataOf(carerAccount!).userId,
    );
    expect(byCarer.length).toBeGreaterThan(0);
  });

  it('has a quarter of visits: past ones completed, late, cancelled or no-show, and today in every state', async () => {
    const ofType = await eventsOf();
    const scheduled = ofType('AppointmentScheduled');
    expect(scheduled.length).toBeGreaterThan(7000);
    const days = new Set(scheduled.map((event) => londonToday(new Date(String(dataOf(event).scheduledStart)))));
    expect(days).toContain(addDays(londonToday(), -DEMO_VISIT_DAYS_BACK));
    expect(days).toContain(addDays(londonToday(), 14));
    expect(ofType('VisitCheckedOut').length).toBeGreaterThan(5000);
    expect(ofType('VisitCheckedIn').some((event) => dataOf(event).lateArrival === true)).toBe(true);
    expect(ofType('VisitCheckedIn').some((event) => dataOf(event).source === 'Manual')).toBe(true);
    expect(ofType('AppointmentCancelled').length).toBeGreaterThan(0);
    expect(ofType('AppointmentNoShowRecorded').length).toBeGreaterThan(0);
    expect(scheduled.some((event) => dataOf(event).carerId === null)).toBe(true);
    // The demo carer account checked in to its own visits.
    const carerAccount = ofType('UserRegistered').find((event) => dataOf(event).email === 'carer@demo.example');
    expect(
      ofType('VisitCheckedIn').some(
        (event) => (event.metadata as { userId?: string }).userId === dataOf(carerAccount!).userId,
      ),
    ).toBe(true);
  });

  it('has open to-do tasks in every category, some the demo carer account started or completed itself', async () => {
    const ofType = await eventsOf();
    const created = ofType('TaskCreated');
    const closed = new Set([...ofType('TaskCompleted'), ...ofType('TaskCancelled')].map((event) => dataOf(event).id));
    const open = created.filter((event) => !closed.has(dataOf(event).id));
    expect(new Set(open.map((event) => dataOf(event).category))).toEqual(
      new Set(['care', 'medication', 'staffing', 'training', 'administration']),
    );
    const carerAccount = ofType('UserRegistered').find((event) => dataOf(event).email === 'carer@demo.example');
    const carerSteps = [...ofType('TaskStarted'), ...ofType('TaskCompleted')].filter(
      (event) => (event.metadata as { userId?: string }).userId === dataOf(carerAccount!).userId,
    );
    expect(carerSteps.length).toBeGreaterThan(0);
  });

  it('has client contracts (one renewing within 30 days) and exchange rates set twice by the administrator', async () => {
    const ofType = await eventsOf();
    const today = londonToday();
    const contracts = ofType('ContractCreated').map(dataOf);
    expect(contracts).toHaveLength(8);
    const renewing = contracts.filter(
      (contract) =>
        String(contract.renewalDate) >= today &&
        String(contract.renewalDate) <= addDays(today, 30) &&
        String(contract.endDate) >= today,
    );
    expect(renewing).toHaveLength(1);
    expect(ofType('ExchangeRatesSet')).toHaveLength(2);
  });

  it('rings the administrator’s bell for a Friday afternoon’s handful of items once the rules have looked, one at least critical', async () => {
    const admin = await signedIn(running.product.url, running.admin);
    const pool = createPool(running.database.url, { max: 4 });
    try {
      // The rules judge the read models, so the lists they read must hold the whole quarter first; then each rule
      // looks once, as the rules process does when a first start has loaded the quarter.
      await eventLog();
      const loaded = await head(pool);
      for (const path of RULES_READ) await readAfter(admin, path, loaded);
      const runner = new RuleRunner(
        { store, pool, db: createReadModelDb(pool), logger: createLogger('demo-seed-test', 'warn') },
        { rules: ALERT_RULES, intervalMs: 3_600_000 },
      );
      for (const rule of ALERT_RULES) await runner.evaluate(rule, new Date());
      const raised = await head(pool);
      const { count } = (await readAfter(admin, '/api/alerts/count', raised)) as { count: number };
      const alerts = (await readAfter(admin, '/api/alerts?active=true&limit=200', raised)) as {
        rule: string;
        severity: string;
        status: string;
      }[];
      const active = alerts.filter((alert) => alert.status === 'active');
      const ofRule = (rule: string) => active.filter((alert) => alert.rule === rule).length;
      expect(count).toBeGreaterThanOrEqual(5);
      expect(count).toBeLessThanOrEqual(40);
      expect(active.filter((alert) => alert.severity === 'critical').length).toBeGreaterThanOrEqual(1);
      // The office followed up the quarter's missed visits that day, reviewed the urgent notes of all but the last
      // day, and met the incidents' statutory duties: what is open is today's, and the few a real office has open.
      expect(ofRule('visit-missed')).toBeLessThanOrEqual(6);
      expect(ofRule('diary-urgent')).toBeLessThanOrEqual(2);
      expect(ofRule('incident-duty-overdue')).toBe(0);
      expect(ofRule('incident-critical')).toBeLessThanOrEqual(3);
      // One payslip below the National Living Wage: the week of unpaid rural travel.
      expect(ofRule('payroll-below-minimum-wage')).toBe(1);
      expect(ofRule('invoice-overdue')).toBeLessThanOrEqual(12);
    } finally {
      await pool.end();
    }
  }, 600_000);

  it('is only written once', async () => {
    expect(await seedDemoDataOnce(running.database.url, running.product.url, running.admin)).toBeUndefined();
  });

  it('has about forty incidents in every state, reported by the demo carer and the coordinator, and the safeguarding contact', async () => {
    const ofType = await eventsOf();
    expect(ofType('IncidentReported')).toHaveLength(40);
    for (const type of [
      'IncidentInvestigationStarted',
      'IncidentResolved',
      'IncidentClosed',
      'IncidentReopened',
      'IncidentEscalated',
      'IncidentDutyIdentified',
      'IncidentDutyStepRecorded',
      'IncidentSafeguardingReferred',
    ]) {
      expect(ofType(type).length, type).toBeGreaterThan(0);
    }
    const reporters = new Set(
      ofType('IncidentReported').map((event) => (event.metadata as { userId?: string }).userId),
    );
    expect(reporters.size).toBe(2);
    expect(ofType('SafeguardingContactSet')).toHaveLength(0);
    const settings = ofType('AgencySettingsChanged').map(
      (event) => (event.data as { changes: Record<string, unknown> }).changes,
    );
    expect(settings).toEqual([
      expect.objectContaining({
        safeguardingTeamName: 'Leeds Adult Social Care: Safeguarding',
        safeguardingTeamPhone: '0113 222 4401',
      }),
    ]);
  });
});

describe('the demo quarter, as it was lived', () => {
  /** The log's demo events in order, with the time the log recorded each. */
  async function demoRows(): Promise<{ type: string; recordedAt: number; metadata: Record<string, unknown> }[]> {
    const pool = new pg.Pool({ connectionString: running.database.url, max: 1 });
    try {
      const { rows } = await pool.query<{ event_type: string; recorded_at: Date; metadata: Record<string, unknown> }>(
        `select event_type, recorded_at, metadata from es_events where metadata->>'demo' = 'true'
         order by transaction_id, sequence`,
      );
      return rows.map((row) => ({
        type: row.event_type,
        recordedAt: row.recorded_at.getTime(),
        metadata: row.metadata,
      }));
    } finally {
      await pool.end();
    }
  }

  it('is recorded in time order, inside the quarter, each event at the moment it happened, all marked as demo data', async () => {
    const rows = await demoRows();
    const clock = new DemoClock(loadedAt);
    expect(rows.length).toBeGreaterThan(40_000);
    const backwards = rows.filter((row, index) => index > 0 && row.recordedAt < rows[index - 1]!.recordedAt);
    expect(backwards).toEqual([]);
    expect(rows[0]!.recordedAt).toBe(clock.opens.getTime());
    // Only the loader's closing marker is recorded at the real time it finished.
    expect(rows.filter((row) => row.recordedAt > Date.now()).length).toBe(0);
    expect(rows.slice(0, -1).every((row) => row.recordedAt <= loadedAt.getTime())).toBe(true);
    const notAtOccurrence = rows
      .slice(0, -1)
      .filter((row) => Date.parse(String(row.metadata.occurredAt)) !== row.recordedAt);
    expect(notAtOccurrence).toEqual([]);
    // Every command the quarter sent is in it: nothing but the first administrator's account is outside.
    const log = await eventLog();
    const outside = log.filter(
      (event) => (event.metadata as { demo?: boolean }).demo !== true && event.type !== 'TestBarrier',
    );
    expect(new Set(outside.map((event) => event.type))).toEqual(
      new Set(['UserEmailReserved', 'UserRegistered', 'UserPasswordSet', 'UserSignedIn']),
    );
  });

  it('has last month’s visits checked in on the carers’ phones as they arrived, a few typed in by hand, most on time', async () => {
    const ofType = await eventsOf();
    const starts = new Map(
      ofType('AppointmentScheduled').map((event) => [String(dataOf(event).id), String(dataOf(event).scheduledStart)]),
    );
    const monthAgo = addDays(londonToday(), -30);
    const lastMonth = ofType('VisitCheckedIn').filter(
      (event) => londonToday(new Date(starts.get(String(dataOf(event).id)) ?? 0)) === monthAgo,
    );
    expect(lastMonth.length).toBeGreaterThan(40);
    const byPhone = lastMonth.filter((event) => dataOf(event).source === 'Mobile');
    expect(byPhone.length / lastMonth.length).toBeGreaterThan(0.8);
    // On the phone the time is the server's at that moment: not entered by hand.
    expect(byPhone.every((event) => dataOf(event).handEnteredReason === null)).toBe(true);
    const typed = lastMonth.filter((event) => dataOf(event).source === 'Manual');
    expect(typed.every((event) => typeof dataOf(event).handEnteredReason === 'string')).toBe(true);
    // Visits nobody came to were marked missed as they ended, as the rules process would have, not at loading.
    const missed = ofType('VisitMissed');
    expect(missed.length).toBeGreaterThan(100);
    const durations = new Map(
      ofType('AppointmentScheduled').map((event) => [String(dataOf(event).id), Number(dataOf(event).durationMinutes)]),
    );
    const markedLate = missed.filter((event) => {
      const id = String(dataOf(event).id);
      const end = Date.parse(starts.get(id) ?? '') + (durations.get(id) ?? 0) * 60_000;
      const at = Date.parse(String((event.metadata as { occurredAt?: string }).occurredAt));
      return (
        !(at > end && at - end <= 2 * 60_000) ||
        (event.metadata as { userId?: string }).userId !== 'system:visit-timeliness'
      );
    });
    expect(markedLate).toEqual([]);
    const checkIns = ofType('VisitCheckedIn');
    const punctual = checkIns.filter((event) => dataOf(event).lateArrival !== true).length / checkIns.length;
    expect(punctual).toBeGreaterThanOrEqual(0.8);
    expect(punctual).toBeLessThanOrEqual(0.98);
  });

  it('lets the auditor open a client’s file as it stood 30 days ago (the client, their plan, that week’s visits), and 200 days ago finds nothing', async () => {
    const auditor: Send = await signedIn(running.product.url, {
      email: 'auditor@demo.example',
      password: running.admin.password,
    });
    const ofType = await eventsOf();
    const monthAgo = addDays(londonToday(), -30);
    const visit = ofType('AppointmentScheduled').find(
      (event) => londonToday(new Date(String(dataOf(event).scheduledStart))) === monthAgo,
    )!;
    const clientId = String(dataOf(visit).clientId);
    const asOf = (days: number) => encodeURIComponent(new Date(Date.now() - days * 86_400_000).toISOString());
    /** The client file as of `days` ago; a client not registered by then has none (404, or an empty file). */
    const fileAsOf = async (days: number) => {
      try {
        const reply = (await auditor('GET', `/api/audit/clients/${clientId}/file?asOf=${asOf(days)}`, undefined)) as {
          client: { state: Record<string, unknown> } | null;
          records: { record: { kind: string; streamId: string } }[];
        };
        return { client: reply.client, records: reply.records };
      } catch (error) {
        if (String(error).includes(' 404 ')) return { client: null, records: [] };
        throw error;
      }
    };
    const file = await fileAsOf(30);
    expect(file.client?.state.firstName).toEqual(expect.any(String));
    expect(file.records.map((record) => record.record.kind)).toContain('care-plan');
    expect(file.records.some((record) => record.record.streamId.endsWith(String(dataOf(visit).id)))).toBe(true);
    expect(await fileAsOf(200)).toEqual({ client: null, records: [] });
  });

  it('pays every whole week of the quarter and invoices it each Monday: older invoices paid, the newest still drafts', async () => {
    const admin = await signedIn(running.product.url, running.admin);
    const today = londonToday();
    const periods = demoPayrollPeriods(today, DEMO_VISIT_DAYS_BACK);
    const runs = demoInvoiceRuns(today, DEMO_VISIT_DAYS_BACK);
    expect(periods.length).toBeGreaterThanOrEqual(12);
    const summary = (await admin('GET', '/api/finance/payroll/summary', undefined)) as { periodStart: string }[];
    expect(summary.map((row) => row.periodStart).sort()).toEqual(periods.map((period) => period.periodStart));
    const ofType = await eventsOf();
    const invoices = ofType('InvoiceIssued').map(dataOf);
    expect(new Set(invoices.map((invoice) => invoice.issuedOn))).toEqual(new Set(runs.map((run) => run.issuedOn)));
    expect(ofType('InvoicePaymentRecorded').length).toBeGreaterThan(0);
    const newest = runs.at(-1)!.issuedOn;
    const sent = new Set(ofType('InvoiceSent').map((event) => dataOf(event).invoiceId));
    expect(
      invoices.filter((invoice) => invoice.issuedOn === newest).some((invoice) => sent.has(invoice.invoiceId)),
    ).toBe(false);
  });
});

/**
 * Steps whose time moves with the clock (a visit checked in once it has begun, a dose once it is due): two loads run
 * minutes apart differ in those about the last hours, so they are counted only for the days before yesterday. The demo
 * places some visits hours before the moment of loading, which just after midnight is yesterday in one load and today
 * in the other.
 */
const ABOUT_A_MOMENT = new Set([
  'VisitCheckedIn',
  'VisitCheckedOut',
  'AppointmentNoShowRecorded',
  'AppointmentCancelled',
  'MedicationAdministrationRecorded',
  // A visit's lateness is judged at its start and its grace: one starting in the minutes between the two loads is
  // late or missed in the later one only.
  'VisitRunningLate',
  'VisitMissed',
]);

/** How many events of each type a log holds, leaving out sign-ins (a finished load signs in again) and test barriers. */
function typeCounts(log: readonly RawRecordedEvent[]): Record<string, number> {
  const yesterday = addDays(londonToday(), -1);
  const settledBefore = Date.parse(londonTimeToInstant(yesterday, '00:00'));
  const visitStarts = new Map(
    log
      .filter((event) => event.type === 'AppointmentScheduled')
      .map((event) => [String(dataOf(event).id), Date.parse(String(dataOf(event).scheduledStart))]),
  );
  const settled = (event: RawRecordedEvent) =>
    (event.type === 'MedicationAdministrationRecorded'
      ? Date.parse(String(dataOf(event).administeredAt))
      : (visitStarts.get(String(dataOf(event).id)) ?? Number.NaN)) < settledBefore;
  const counts: Record<string, number> = {};
  for (const event of log) {
    if (event.type === 'UserSignedIn' || event.type === 'TestBarrier') continue;
    // A visit booked around the moment of loading is booked into each London day it touches: one that ends just after
    // midnight in one load and just before it in the other has one booking more, so only earlier days' count.
    if (event.type === 'CarerBooked' && String(dataOf(event).date) >= yesterday) continue;
    if (ABOUT_A_MOMENT.has(event.type) && !settled(event)) continue;
    counts[event.type] = (counts[event.type] ?? 0) + 1;
  }
  return counts;
}

describe('a demo load stopped part-way (Ctrl+C on the first start)', () => {
  /** Commands that go through before the stop: past the carers, clients and care plans, in the middle of the visits. */
  const STOP_AFTER = 2000;
  let stopped: TestProduct;
  let stoppedStore: PostgresEventStore;
  let finished: SeedResult | undefined;
  const said: string[] = [];
  const written: string[] = [];
  // The same moment as the load never stopped: this one runs minutes later, and the visits placed around the moment
  // of loading skip a regular slot they would overlap, so two moments can differ by a visit.
  const seed = (options?: Parameters<typeof seedDemoDataOnce>[3]) =>
    seedDemoDataOnce(stopped.database.url, stopped.product.url, stopped.admin, { now: loadedAt, ...options });

  beforeAll(async () => {
    stopped = await startTestProduct(inject('databaseUrl'), 'demo_seed_stopped', undefined, { withoutRules: true });
    stoppedStore = await PostgresEventStore.connect(stopped.database.url);
    let sent = 0;
    const stopping: SeedProgress = {
      ...noProgress,
      command() {
        sent += 1;
        if (sent >= STOP_AFTER) throw new Error('stopped by the person starting it');
      },
    };
    await expect(seed({ progress: stopping })).rejects.toThrow('stopped by the person starting it');
    finished = await seed({
      say: (line) => said.push(line),
      progress: seedProgress({ isTTY: false, write: (text) => written.push(text) }),
    });
  }, 900_000);
  afterAll(async () => {
    await stoppedStore?.close();
    await stopped?.stop();
  });

  it('is finished on the next start, which says so, and ends with the same records as a load never stopped', async () => {
    expect(said).toEqual([expect.stringContaining('Finishing the demo data')]);
    expect(finished?.resumed).toBe(true);
    // Doses are planned up to the minute the load runs: the rest of the counts match exactly.
    expect({ ...finished?.counts, 'medication records': 0 }).toEqual({ ...seeded?.counts, 'medication records': 0 });
    const whole = typeCounts(await eventLog());
    const resumed = typeCounts(await settledLog(stoppedStore));
    // Every kind of record and every step of their lives (visits checked in and out, doses recorded…), none twice.
    expect(resumed).toEqual(whole);
    expect(resumed.VisitCheckedOut).toBeGreaterThan(5000);
    expect(resumed.CarerRegistered).toBe(30);
  });

  it('once finished, loads nothing on a later start', async () => {
    const before = (await stoppedStore.readAll(START_POSITION, 100_000)).length;
    expect(await seed()).toBeUndefined();
    expect(await stoppedStore.readAll(START_POSITION, 100_000)).toHaveLength(before);
  });

  it('shows its progress in a log as plain lines, one a part or so, with no carriage returns or escape codes', () => {
    const output = written.join('');
    expect(output).not.toContain('\r');
    expect(output).not.toContain('\x1b');
    const lines = output.split('\n').filter((line) => line !== '');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}the quarter \d+\/\d+ in /));
    expect(lines.length).toBeLessThan(60);
  });
});
