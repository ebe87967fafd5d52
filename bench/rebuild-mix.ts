import { v7 as uuidv7 } from 'uuid';
import {
  accessStreamId,
  addDays,
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  diaryEntryStreamId,
  feedbackStreamId,
  londonToday,
  shiftStreamId,
  TRAINING_TYPES,
  trainingStreamId,
  userStreamId,
  type DomainEvent,
} from '@care/events';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  projections,
  READ_MODEL_SCHEMA,
  rebuildProjections,
  startProjector,
  type ReadModelDatabase,
} from '@care/projector';
import { readModelChecksums } from '@care/projector/testing';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append, type VisitPlan } from './care-log';
import { startServices, silentLog } from './services';
import { now } from './stats';

export interface RebuildMixFigures {
  rebuildMixEvents: number;
  rebuildMixPerSec: number;
  /** True when every read-model table after live catch-up equals the same after a full rebuild. */
  rebuildMixVerified: boolean;
  /** Tables whose checksums differed (empty when verified). */
  rebuildMixDiffering: string[];
}

const TARGET_EVENTS = 1_000_000;
const CARERS = 300;
const CLIENTS = 1_500;
const DAYS = 365;
const FIRST_DAY = -300;
const VISITS_PER_DAY = 885;
const DIARY_PER_DAY = 110;
const SIGN_INS_PER_DAY = 80;
/** Streams per load call: the log is generated a chunk at a time so a million events never sit in memory at once. */
const LOAD_CHUNK = 20_000;

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;

/**
 * A year of a large agency's log, in the demo data's mix and in time order: the people first (carers with their
 * accounts, clients, training), then day by day the rota, the visits with check-ins and check-outs, diary entries
 * (some reviewed or amended), sign-ins and a little feedback. Appends are handed over in chunks.
 */
export async function* agencyYear(): AsyncGenerator<Append[]> {
  const today = londonToday();
  const carerIds = Array.from({ length: CARERS }, () => uuidv7());
  const userIds = carerIds.map(() => uuidv7());
  const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
  const people: Append[] = [];
  carerIds.forEach((carerId, n) => {
    const userId = userIds[n]!;
    const carer = registered(carerId, n);
    const events: DomainEvent[] = [{ ...carer, data: { ...carer.data, userId } } as DomainEvent];
    if (n % 2 === 0)
      events.push({
        type: 'CarerDetailsChanged',
        data: { carerId, changes: { phoneNumber: `07700 1${String(n).padStart(5, '0')}` } },
      });
    people.push({ streamId: carerStreamId(carerId), events: events.map((event) => stamped(event)) });
    const profile = carer.data as { firstName: string; lastName: string; email: string };
    people.push({
      streamId: userStreamId(userId),
      events: [
        stamped({
          type: 'UserRegistered',
          data: {
            userId,
            email: profile.email,
            role: 'carer',
            firstName: profile.firstName,
            lastName: profile.lastName,
            region: null,
            profileImageUrl: null,
          },
        }),
      ],
    });
    TRAINING_TYPES.slice(0, 8).forEach((trainingType, t) => {
      const id = uuidv7();
      const events: DomainEvent[] = [
        {
          type: 'TrainingRecorded',
          data: {
            id,
            carerId,
            trainingType,
            trainingProvider: 'Skills for Care',
            completedDate: '2025-03-01',
            expiryDate: t % 3 === 0 ? null : '2026-03-01',
            certificateNumber: `C-${n}-${t}`,
            status: 'current',
            documentUrl: null,
            notes: null,
          },
        },
      ];
      if ((n + t) % 4 === 0)
        events.push({
          type: 'TrainingRenewed',
          data: { id, completedDate: '2026-02-20', expiryDate: '2027-02-20', certificateNumber: `R-${n}-${t}` },
        });
      people.push({ streamId: trainingStreamId(id), events: events.map((event) => stamped(event)) });
    });
  });
  clientIds.forEach((id, n) => {
    const events: DomainEvent[] = [clientRegistered(id, n)];
    if (n % 5 === 0)
      events.push({
        type: 'ClientDetailsChanged',
        data: { id, changes: { careInstructions: 'Two carers for hoist transfers.' } },
      });
    people.push({ streamId: clientStreamId(id), events: events.map((event) => stamped(event)) });
  });
  yield people;

  const plan: VisitPlan = {
    carerIds,
    clientIds,
    today,
    nowMs: Date.now(),
    firstDay: FIRST_DAY,
    visitsPerDay: VISITS_PER_DAY,
  };
  let chunk: Append[] = [];
  let visit = 0;
  for (let day = 0; day < DAYS; day += 1) {
    const date = addDays(today, FIRST_DAY + day);
    if (day % 7 < 5) {
      for (const carerId of carerIds) {
        const id = uuidv7();
        chunk.push({
          streamId: shiftStreamId(id),
          events: [
            stamped({
              type: 'ShiftPlanned',
              data: {
                id,
                carerId,
                shiftType: 'full_day',
                startTime: `${date}T05:30:00Z`,
                endTime: `${date}T22:00:00Z`,
                breakMinutes: 30,
                location: 'Leeds North',
                status: 'confirmed',
                notes: null,
              },
            }),
          ],
        });
      }
    }
    for (let v = 0; v < VISITS_PER_DAY; v += 1, visit += 1) {
      const events = visitEvents(visit, plan);
      chunk.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
    }
    for (let d = 0; d < DIARY_PER_DAY; d += 1) {
      const n = day * DIARY_PER_DAY + d;
      const id = uuidv7();
      const events: DomainEvent[] = [
        {
          type: 'DiaryEntryAdded',
          data: {
            id,
            carerId: pick(carerIds, n),
            clientId: pick(clientIds, n * 3),
            appointmentId: null,
            entryDate: `${date}T10:00:00.000Z`,
            entryType: pick(['care_note', 'incident', 'medication', 'observation'] as const, n),
            priority: pick(['low', 'normal', 'high'] as const, n),
            title: `Visit note ${n}`,
            content: 'Client well; ate breakfast, took morning medication, mobilising with frame.',
            tags: ['routine'],
            isConfidential: n % 9 === 0,
          },
        },
      ];
      if (n % 10 === 0)
        events.push({
          type: 'DiaryEntryReviewed',
          data: { id, reviewedBy: userIds[0]!, reviewedAt: `${date}T18:00:00.000Z` },
        });
      if (n % 40 === 1)
        events.push({
          type: 'DiaryEntryAmended',
          data: { id, changes: { content: 'Corrected: took medication at 09:30.' }, reason: 'Time corrected' },
        });
      chunk.push({ streamId: diaryEntryStreamId(id), events: events.map((event) => stamped(event)) });
    }
    for (let s = 0; s < SIGN_INS_PER_DAY; s += 1) {
      const userId = pick(userIds, day * SIGN_INS_PER_DAY + s);
      // One stream a user a day: the loader appends each stream once ('no stream'); the projections read the events alone.
      chunk.push({
        streamId: `${accessStreamId(userId)}-${day}`,
        events: [
          stamped({
            type: 'UserSignedIn',
            data: { userId, ipAddress: '198.51.100.7', userAgent: 'Mozilla/5.0 (Linux; Android 14)' },
          }),
        ],
      });
    }
    if (day % 2 === 0) {
      const id = uuidv7();
      chunk.push({
        streamId: feedbackStreamId(id),
        events: [
          stamped({
            type: 'FeedbackSubmitted',
            data: {
              id,
              type: 'positive',
              category: 'general',
              message: 'The rota screen is clear.',
              rating: 5,
              page: '/scheduling',
            },
          }),
        ],
      });
    }
    if (chunk.length >= LOAD_CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Appends the first `events` events or so of agencyYear() to the log behind `pool` (whole chunks: a few thousand over),
 * for a measurement that needs a large agency's log and nothing live; returns how many were appended.
 */
export async function loadAgencyYear(pool: pg.Pool, events: number): Promise<number> {
  let loaded = 0;
  for await (const chunk of agencyYear()) {
    await load(pool, chunk);
    loaded += chunk.reduce((sum, append) => sum + append.events.length, 0);
    if (loaded >= events) break;
  }
  await pool.query('analyze es_events');
  return loaded;
}

/**
 * (g) A full rebuild of a year of a large agency's log (about 1,000,000 events in the demo's mix), every projection
 * running: `rebuildMixPerSec`. The read model is first built live (the projector catches up on 90% of the log, then
 * follows the last 10% as it is appended); its checksum per table must equal the rebuild's, else the run fails.
 */
export async function measureRebuildMix(url: string, step: (message: string) => void): Promise<RebuildMixFigures> {
  const services = await startServices(url);
  try {
    const chunks: Append[][] = [];
    let events = 0;
    for await (const chunk of agencyYear()) {
      chunks.push(chunk);
      events += chunk.reduce((sum, append) => sum + append.events.length, 0);
      if (events >= TARGET_EVENTS) break;
    }
    const followed = chunks.splice(Math.floor(chunks.length * 0.9));
    step(`loading ${events.toLocaleString('en-GB')} events`);
    for (const chunk of chunks) await load(services.pool, chunk);
    await services.pool.query('analyze es_events');

    step('live: catching up on 90%, then following the rest as it is appended');
    const projector = await startProjector({
      store: services.store,
      pool: services.pool,
      db: services.db,
      log: silentLog,
      lagIntervalMs: 500,
    });
    await projector.settled();
    for (const chunk of followed) await load(services.pool, chunk);
    await untilCaughtUp(services.db, new Date());
    await projector.stop();
    const live = await readModelChecksums(services.db, READ_MODEL_SCHEMA, projections);

    step('full rebuild of every projection');
    const started = now();
    await rebuildProjections({ store: services.store, pool: services.pool, db: services.db, log: silentLog });
    const seconds = (now() - started) / 1000;
    const rebuilt = await readModelChecksums(services.db, READ_MODEL_SCHEMA, projections);
    const differing = Object.keys(live).filter((table) => live[table] !== rebuilt[table]);
    return {
      rebuildMixEvents: events,
      rebuildMixPerSec: events / seconds,
      rebuildMixVerified: differing.length === 0,
      rebuildMixDiffering: differing,
    };
  } finally {
    await services.close();
  }
}

/** Until every projection's lag, measured by the projector after `since`, is zero. */
async function untilCaughtUp(db: Kysely<ReadModelDatabase>, since: Date): Promise<void> {
  for (;;) {
    const rows = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('projection_status')
      .select(['lag_events', 'state', 'measured_at'])
      .execute();
    if (
      rows.length === projections.length &&
      rows.every(
        (row) => row.state === 'live' && row.lag_events === '0' && row.measured_at !== null && row.measured_at > since,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
