import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { addDays, appointmentStreamId, carerStreamId, clientStreamId, londonToday } from '@care/events';
import { projections, READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { startServices } from './services';
import { now, round } from './stats';

export interface InvoiceRunFigures {
  /** Completed visits of the month that the run charged. */
  invoiceRunVisits: number;
  invoiceRunInvoices: number;
  /** POST /api/finance/invoices/generate for the whole month, every client, timed end to end. */
  invoiceRunMs: number;
}

const CARERS = 80;
const CLIENTS = 400;
/** Scheduled in last month; about 1 in 30 is cancelled and 1 in 40 missed, so about 10,000 are completed. */
const VISITS = 10_600;

/**
 * (s) Invoicing a month: 10,600 visits of last month (about 10,000 completed) for 400 clients, funded by a local
 * authority, the NHS or privately, one client in five split between two funders. The log is loaded straight into the
 * store and the appointments read model built from it; then one POST /api/finance/invoices/generate as an
 * administrator makes every client's invoices (one per funder), each with its gapless number. The run is checked:
 * every completed visit is charged once per funder share, and nothing is left unexplained.
 */
export async function measureInvoiceRun(url: string): Promise<InvoiceRunFigures> {
  const services = await startServices(url);
  try {
    const today = londonToday();
    const monthStart = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const monthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
    const days = Number(monthEnd.slice(8, 10));
    const firstDay = Math.round((Date.parse(monthStart) - Date.parse(today)) / 86_400_000);
    const carerIds = Array.from({ length: CARERS }, () => uuidv7());
    const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    const people: Append[] = [
      ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, 70_000 + n))] })),
      ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
    ];
    const plan = { carerIds, clientIds, today, nowMs: Date.now(), firstDay, visitsPerDay: Math.ceil(VISITS / days) };
    const visits: Append[] = [];
    for (let n = 0; n < VISITS; n += 1) {
      const events = visitEvents(n, plan);
      visits.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
    }
    await load(services.pool, people);
    await load(services.pool, visits);
    await replayInto(
      services.store,
      services.db,
      READ_MODEL_SCHEMA,
      projections.filter((projection) => projection.name === 'appointments'),
    );
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, 'appointments')}`.execute(services.db);
    const { rows } = await services.pool.query<{ completed: string }>(
      `select count(*) as completed from ${READ_MODEL_SCHEMA}.appointments where status = 'completed' and date between $1 and $2`,
      [monthStart, monthEnd],
    );
    const completed = Number(rows[0]!.completed);

    const send = async (method: string, path: string, body: unknown) => {
      const reply = await services.command.request(method, path, body);
      if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text}`);
      return reply.body as Record<string, unknown>;
    };
    const funders: string[] = [];
    for (const [name, kind, terms] of [
      ['Leeds City Council', 'local_authority', 30],
      ['West Yorkshire ICB (continuing healthcare)', 'nhs_chc', 45],
      ['Private clients', 'private', 14],
    ] as const) {
      const funderId = (await send('POST', '/api/finance/funders', { name, kind, paymentTermsDays: terms }))
        .id as string;
      await send('POST', `/api/finance/funders/${funderId}/rates`, {
        effectiveFrom: '2024-04-01',
        weekdayHourlyPence: 2480,
        weekendHourlyPence: 2790,
        bankHolidayHourlyPence: 3720,
        minimumChargePence: 1240,
        billingIncrementMinutes: 15,
      });
      funders.push(funderId);
    }
    let shares = 0;
    for (const [n, clientId] of clientIds.entries()) {
      const split = n % 5 === 0;
      const funding = split
        ? [
            { funderId: funders[0]!, percent: 60 },
            { funderId: funders[1]!, percent: 40 },
          ]
        : [{ funderId: funders[n % 3]!, percent: 100 }];
      shares += funding.length;
      await send('PUT', `/api/finance/clients/${clientId}/funding`, { effectiveFrom: '2024-04-01', shares: funding });
    }

    const started = now();
    const result = (await send('POST', '/api/finance/invoices/generate', {
      periodStart: monthStart,
      periodEnd: monthEnd,
    })) as {
      invoices: { number: string }[];
      problems: unknown[];
    };
    const ms = now() - started;
    // One visit line per funder's share of a completed visit, and a mileage line beside it where the carer recorded
    // miles (the funders' rates keep the default mileage charge).
    const { rows: charged } = await services.pool.query<{ kind: string; lines: string }>(
      `select line->>'kind' as kind, count(*) as lines from es_events, jsonb_array_elements(data->'lines') as line
        where event_type = 'InvoiceIssued' group by 1`,
    );
    const lines = (kind: string) => Number(charged.find((row) => row.kind === kind)?.lines ?? 0);
    // A visit of a split client is two shares (60/40).
    const { rows: counted } = await services.pool.query<{ visit_shares: string; mileage_shares: string }>(
      `select count(*) + count(*) filter (where split) as visit_shares,
              count(*) filter (where miles) + count(*) filter (where miles and split) as mileage_shares
         from (select client_id = any($3::uuid[]) as split, mileage_tenths > 0 as miles from ${READ_MODEL_SCHEMA}.appointments
                where status = 'completed' and date between $1 and $2) as visits`,
      [monthStart, monthEnd, clientIds.filter((_, n) => n % 5 === 0)],
    );
    const visitShares = Number(counted[0]!.visit_shares);
    const mileageShares = Number(counted[0]!.mileage_shares);
    const otherLines = charged.filter((row) => row.kind !== 'visit' && row.kind !== 'mileage');
    if (
      result.problems.length > 0 ||
      lines('visit') !== visitShares ||
      lines('mileage') !== mileageShares ||
      otherLines.length > 0
    ) {
      throw new Error(
        `invoice run: ${result.problems.length} problems, ${JSON.stringify(charged)} lines for ${visitShares} visit shares, ${mileageShares} with miles (${shares} funding shares)`,
      );
    }
    return { invoiceRunVisits: completed, invoiceRunInvoices: result.invoices.length, invoiceRunMs: round(ms, 0) };
  } finally {
    await services.close();
  }
}
