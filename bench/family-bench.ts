import { v7 as uuidv7 } from 'uuid';
import { io, type Socket } from 'socket.io-client';
import {
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  comparePositions,
  londonToday,
  positionFromToken,
  type Position,
} from '@care/events';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { READ_MODEL_SCHEMA, startProjector } from '@care/projector';
import { freePort } from '@care/events/server';
import { familyVisits } from '../read-api/src/family/family-visit-queries';
import { createFamilyUser, requester } from '@care/command-api/testing';
import { registered } from './carer-data';
import { startChild, stopChild, untilHealthy } from './child-services';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { runAlone } from './run-alone';
import { silentLog, startServices } from './services';
import { now, percentile, round } from './stats';
import type { Row } from './table';

export interface FamilyFigures {
  /** Visits of each client: about three a day for a year, and a month ahead. */
  familyVisitsPerClient: number;
  familyVisitsPastP50Ms: number;
  familyVisitsPastP99Ms: number;
  familyVisitsUpcomingP50Ms: number;
  familyVisitsUpcomingP99Ms: number;
  familyVisitsP50Ms: number;
  familyVisitsP99Ms: number;
  familyPushP50Ms: number;
  familyPushP95Ms: number;
}

const CARERS = 40;
const CLIENTS = 60;
const VISITS_PER_DAY = 180;
/** A year back and a month ahead. */
const FIRST_DAY = -365;
const DAYS = 395;
/** Family members, each with one client: the reads rotate over them. */
const FAMILY_MEMBERS = 4;
const WARM_UP = 20;
const REQUESTS = 300;
const PUSH_WARM_UP = 5;
const PUSHES = 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * The family portal as a family member meets it, through HTTP on the real read API (docs/features/family-portal.md):
 * - `familyVisits*`: GET /api/family/clients/:id/visits?when=past (a page of 20 and its total, the scope check and
 *   the view logged before the answer) for clients with about a year of visits each (71,100 visits in all);
 * - `familyPush*`: from the office's POST of a check-out of the client's visit to `family:changed` reaching the
 *   family member's open socket (append, projector batch, NOTIFY, read API, socket.io).
 */
export async function measureFamily(
  url: string,
  step: (message: string) => void = () => undefined,
): Promise<FamilyFigures> {
  const services = await startServices(url);
  const children: ChildProcess[] = [];
  let socket: Socket | undefined;
  try {
    const today = londonToday();
    const nowMs = Date.now();
    const carerIds = Array.from({ length: CARERS }, () => uuidv7());
    const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    await load(services.pool, [
      ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, 70_000 + n))] })),
      ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
    ]);
    const plan = { carerIds, clientIds, today, nowMs, firstDay: FIRST_DAY, visitsPerDay: VISITS_PER_DAY };
    const visits: Append[] = [];
    for (let n = 0; n < VISITS_PER_DAY * DAYS; n += 1) {
      const events = visitEvents(n, plan);
      visits.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
    }
    // The visits the push part checks out: the first client's, under way now (checked in, not out).
    const pushVisits = Array.from({ length: PUSH_WARM_UP + PUSHES }, (_, n) => {
      const id = uuidv7();
      const start = new Date(nowMs - 30 * 60_000 + n * 1000).toISOString();
      return {
        id,
        append: {
          streamId: appointmentStreamId(id),
          events: [
            stamped({
              type: 'AppointmentScheduled',
              data: {
                id,
                clientId: clientIds[0]!,
                carerId: carerIds[0]!,
                seriesId: null,
                scheduledStart: start,
                durationMinutes: 60,
                visitType: 'personal_care',
                priority: 'normal',
                tasks: ['Breakfast'],
                notes: null,
              },
            }),
            stamped({
              type: 'VisitCheckedIn',
              data: {
                id,
                carerId: carerIds[0]!,
                checkedInAt: start,
                location: null,
                source: 'Mobile',
                manualInputReason: null,
                lateArrival: false,
                lateReason: null,
              },
            }),
          ],
        },
      };
    });
    step(`loading ${visits.length + pushVisits.length} visits`);
    await load(services.pool, [...visits, ...pushVisits.map((visit) => visit.append)]);
    step('projecting');
    // The year is projected here, at once; from then on the projector and the read API run as processes of their
    // own, as in production, so a read is timed apart from this process's work and the projector's.
    const catchUp = await startProjector({
      store: services.store,
      pool: services.pool,
      db: services.db,
      log: silentLog,
    });
    await catchUp.settled();
    await catchUp.stop();
    for (const table of ['appointments', 'appointment_carer_names'])
      await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, table)}`.execute(services.db);

    step('timing the visits query alone, past and upcoming');
    const timeQuery = async (when: 'past' | 'upcoming') => {
      const samples: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
        const started = now();
        const page = await familyVisits(services.db, clientIds[i % CLIENTS]!, when, { limit: 20, offset: 0 });
        if (page.rows.length === 0) throw new Error(`no ${when} visits`);
        if (i >= WARM_UP) samples.push(now() - started);
      }
      return { p50: round(percentile(samples, 50), 1), p99: round(percentile(samples, 99), 1) };
    };
    const past = await timeQuery('past');
    const upcoming = await timeQuery('upcoming');

    step('starting the projector and the read API, each its own process');
    children.push(startChild('projector/src/main.ts', { DATABASE_URL: url }));
    const port = await freePort();
    children.push(startChild('read-api/src/main.ts', { DATABASE_URL: url, READ_API_PORT: String(port) }));
    const readUrl = `http://127.0.0.1:${port}`;
    await untilHealthy(readUrl);

    step(`inviting ${FAMILY_MEMBERS} family members`);
    const members = [];
    for (let n = 0; n < FAMILY_MEMBERS; n += 1) {
      members.push(await createFamilyUser(services.command, { clientId: clientIds[n]! }));
    }
    for (const member of members) {
      // Active once the portal lists the client (the acceptance answers no position to wait for).
      for (let attempt = 0; ; attempt += 1) {
        const listed = await requester(readUrl, member.cookie)('GET', '/api/family/clients');
        if ((listed.body as { id: string }[]).some((client) => client.id === member.clientId)) break;
        if (attempt > 200) throw new Error('the family access never became active');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    step(`timing ${REQUESTS} past-visit pages`);
    const reads: number[] = [];
    for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
      const member = members[i % members.length]!;
      const started = now();
      const reply = await requester(readUrl, member.cookie)(
        'GET',
        `/api/family/clients/${member.clientId}/visits?when=past&limit=20`,
      );
      const took = now() - started;
      if (reply.status !== 200 || (reply.body as unknown[]).length === 0) throw new Error(`visits: ${reply.status}`);
      if (i >= WARM_UP) reads.push(took);
    }

    step(`timing ${PUSHES} check-outs to an open family socket`);
    const member = members[0]!;
    socket = io(readUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: member.cookie },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    // Every push is stamped on arrival; one can beat the POST's own reply, so the clock stops at the first push
    // covering the write, whenever it came.
    let arrivals: { position: Position; at: number }[] = [];
    socket.on('family:changed', (payload: { position?: string }) => {
      const position = positionFromToken(payload?.position ?? '');
      if (position) arrivals.push({ position, at: now() });
    });
    const pushes: number[] = [];
    for (const [i, visit] of pushVisits.entries()) {
      arrivals = [];
      const started = now();
      const reply = await services.command.request('POST', `/api/appointments/${visit.id}/check-out`, {
        tasksCompleted: ['Breakfast'],
      });
      if (reply.status !== 200) throw new Error(`check-out: ${reply.status} ${reply.text}`);
      const target = positionFromToken(String(reply.body.position))!;
      const deadline = started + PUSH_TIMEOUT_MS;
      let hit: { at: number } | undefined;
      while (!(hit = arrivals.find((arrival) => comparePositions(arrival.position, target) >= 0))) {
        if (now() > deadline) throw new Error('no family:changed push reached the check-out');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      if (i >= PUSH_WARM_UP) pushes.push(hit.at - started);
    }
    return {
      familyVisitsPerClient: Math.round((VISITS_PER_DAY * DAYS) / CLIENTS),
      familyVisitsPastP50Ms: past.p50,
      familyVisitsPastP99Ms: past.p99,
      familyVisitsUpcomingP50Ms: upcoming.p50,
      familyVisitsUpcomingP99Ms: upcoming.p99,
      familyVisitsP50Ms: round(percentile(reads, 50), 1),
      familyVisitsP99Ms: round(percentile(reads, 99), 1),
      familyPushP50Ms: round(percentile(pushes, 50), 1),
      familyPushP95Ms: round(percentile(pushes, 95), 1),
    };
  } finally {
    socket?.disconnect();
    await Promise.all(children.map(stopChild));
    await services.close();
  }
}

export function familyRows(results: Record<string, number>): Row[] {
  return [
    { metric: 'familyVisitsPastP50Ms', value: results.familyVisitsPastP50Ms ?? Number.NaN, unit: 'ms' },
    { metric: 'familyVisitsPastP99Ms', value: results.familyVisitsPastP99Ms ?? Number.NaN, unit: 'ms' },
    { metric: 'familyVisitsUpcomingP50Ms', value: results.familyVisitsUpcomingP50Ms ?? Number.NaN, unit: 'ms' },
    { metric: 'familyVisitsUpcomingP99Ms', value: results.familyVisitsUpcomingP99Ms ?? Number.NaN, unit: 'ms' },
    { metric: 'familyVisitsP50Ms', value: results.familyVisitsP50Ms ?? Number.NaN, unit: 'ms' },
    { metric: 'familyVisitsP99Ms', value: results.familyVisitsP99Ms ?? Number.NaN, unit: 'ms', target: { atMost: 20 } },
    { metric: 'familyPushP50Ms', value: results.familyPushP50Ms ?? Number.NaN, unit: 'ms' },
    { metric: 'familyPushP95Ms', value: results.familyPushP95Ms ?? Number.NaN, unit: 'ms', target: { atMost: 200 } },
  ];
}

if (process.argv[1]?.endsWith('family-bench.ts')) {
  runAlone(
    [
      {
        name: 'family',
        says: "the family portal over HTTP: a year of a client's past visits, and a check-out reaching a family socket",
        measure: async (postgres, step) => ({ ...(await measureFamily(await postgres.freshDatabase('family'), step)) }),
      },
    ],
    familyRows,
  );
}
