import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  londonToday,
  type ReportOverview,
  type ReportPerformance,
} from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { now, percentile, round } from './stats';
import { startServices, type Services } from './services';

export interface ReportFigures {
  reportsOverview1yP50Ms: number;
  reportsOverview1yP99Ms: number;
  reportsPerformance1yP50Ms: number;
  reportsPerformance1yP99Ms: number;
  reportPdf1yMs: number;
}

const VISITS = 100_000;
const CARERS = 60;
const CLIENTS = 400;
/** One year ending today: 100,000 visits over 365 days. */
const DAYS = 365;
const VISITS_PER_DAY = Math.ceil(VISITS / DAYS);
const WARM_UP = 20;
const REQUESTS = 300;
const PDF_RUNS = 5;

/**
 * Reports & Analytics over one year at 100,000 visits (60 carers, 400 clients; past visits checked in and out, some
 * late, missed or cancelled): GET /api/reports/overview and /performance?range=1y as an administrator, and the
 * Overview Summary PDF of that year (GET /api/reports/export.pdf, median of 5). The figures come from the reports
 * projection's day roll-ups per carer (about 22,000 rows a year), never the visits.
 */
export async function measureReports(url: string): Promise<ReportFigures> {
  const services = await startServices(url);
  try {
    await loadYear(services);
    return await sample(services);
  } finally {
    await services.close();
  }
}

async function loadYear(services: Services): Promise<void> {
  const today = londonToday();
  const nowMs = Date.now();
  const carerIds = Array.from({ length: CARERS }, () => uuidv7());
  const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
  await load(services.pool, [
    ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, 70_000 + n))] })),
    ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
  ]);
  const visits: Append[] = [];
  for (let n = 0; n < VISITS; n += 1) {
    const events = visitEvents(n, {
      carerIds,
      clientIds,
      today,
      nowMs,
      firstDay: -(DAYS - 1),
      visitsPerDay: VISITS_PER_DAY,
    });
    visits.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
  }
  await load(services.pool, visits);
  await services.pool.query('analyze es_events');
  await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
  for (const table of [
    'report_carer_days',
    'report_carers',
    'report_client_days',
    'report_shift_days',
    'report_diary_days',
    'alert_totals',
    'carers',
    'training_compliance',
  ]) {
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, table)}`.execute(services.db);
  }
}

async function sample(services: Services): Promise<ReportFigures> {
  const readUrl = await services.startReadApi();
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${readUrl}${path}`, { headers: { cookie: services.cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
    return JSON.parse(body) as T;
  };
  const overview = await get<ReportOverview>('/api/reports/overview?range=1y');
  const performance = await get<ReportPerformance>('/api/reports/performance?range=1y');
  // Every visit of the year that has started by now is counted (later ones today are not yet in the range's past).
  if (
    overview.totalAppointments < VISITS * 0.99 ||
    overview.trend.points.length < 12 ||
    performance.rankings.length !== 10
  ) {
    throw new Error(
      `unexpected report figures: ${overview.totalAppointments} appointments, ${performance.rankings.length} ranked`,
    );
  }
  const latency = async (path: string) => {
    for (let i = 0; i < WARM_UP; i += 1) await get(path);
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const begin = now();
      await get(path);
      samples.push(now() - begin);
    }
    return samples;
  };
  const overviewSamples = await latency('/api/reports/overview?range=1y');
  const performanceSamples = await latency('/api/reports/performance?range=1y');
  const pdfTimes: number[] = [];
  for (let i = 0; i < PDF_RUNS; i += 1) {
    const begin = now();
    const response = await fetch(`${readUrl}/api/reports/export.pdf?report=overview&range=1y`, {
      headers: { cookie: services.cookie },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    pdfTimes.push(now() - begin);
    if (response.status !== 200 || bytes.length < 1000)
      throw new Error(`the year's PDF answered ${response.status} with ${bytes.length} bytes`);
  }
  return {
    reportsOverview1yP50Ms: round(percentile(overviewSamples, 50), 2),
    reportsOverview1yP99Ms: round(percentile(overviewSamples, 99), 2),
    reportsPerformance1yP50Ms: round(percentile(performanceSamples, 50), 2),
    reportsPerformance1yP99Ms: round(percentile(performanceSamples, 99), 2),
    reportPdf1yMs: round(percentile(pdfTimes, 50), 1),
  };
}

/** The table rows of these figures, with their targets. */
export function reportRows(results: Partial<ReportFigures>) {
  return [
    { metric: 'reportsOverview1yP50Ms', value: results.reportsOverview1yP50Ms ?? Number.NaN, unit: 'ms' },
    {
      metric: 'reportsOverview1yP99Ms',
      value: results.reportsOverview1yP99Ms ?? Number.NaN,
      unit: 'ms',
      target: { atMost: 50 },
    },
    { metric: 'reportsPerformance1yP50Ms', value: results.reportsPerformance1yP50Ms ?? Number.NaN, unit: 'ms' },
    {
      metric: 'reportsPerformance1yP99Ms',
      value: results.reportsPerformance1yP99Ms ?? Number.NaN,
      unit: 'ms',
      target: { atMost: 50 },
    },
    { metric: 'reportPdf1yMs', value: results.reportPdf1yMs ?? Number.NaN, unit: 'ms', target: { atMost: 3000 } },
  ];
}
