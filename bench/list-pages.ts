import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { carerStreamId, clientStreamId, DIARY_ENTRY_TYPES, diaryEntryStreamId, type DomainEvent } from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { clientRegistered, load, stamped, type Append } from './care-log';
import { registered } from './carer-data';
import { now, percentile, round } from './stats';
import { startServices } from './services';

export interface ListPageFigures {
  carersPageP50Ms: number;
  carersPageP99Ms: number;
  clientsPageP50Ms: number;
  clientsPageP99Ms: number;
  diaryPageAdminP50Ms: number;
  diaryPageAdminP99Ms: number;
  diaryPageCarerP50Ms: number;
  diaryPageCarerP99Ms: number;
}

const CARERS = 2_000;
const CLIENTS = 5_000;
const DIARY_ENTRIES = 50_000;
const WARM_UP = 10;
const REQUESTS = 200;

/** Entry `n`: one a day-ish apart across about three years, every tenth confidential, a few by the carer who reads. */
function diaryEntry(n: number, carerIds: readonly string[], clientIds: readonly string[], readerId: string): Append {
  const id = uuidv7();
  const event: DomainEvent = {
    type: 'DiaryEntryAdded',
    data: {
      id,
      carerId: carerIds[n % carerIds.length]!,
      clientId: clientIds[(n * 7) % clientIds.length]!,
      appointmentId: null,
      // Many entries share a minute, so the order's tie-breakers matter.
      entryDate: new Date(Date.parse('2023-01-01T08:00:00Z') + Math.floor(n / 3) * 60_000 * 30).toISOString(),
      entryType: DIARY_ENTRY_TYPES[n % DIARY_ENTRY_TYPES.length]!,
      priority: n % 10 === 0 ? 'high' : 'normal',
      title: `Visit note ${n}`,
      content: 'Helped with breakfast and medication; client in good spirits, ate well, fluids encouraged.',
      tags: ['routine'],
      isConfidential: n % 10 === 0,
    },
  };
  const entry = stamped(event);
  // The author is the event's user: every 50th entry was written by the carer who reads (some confidential).
  const author = n % 50 === 0 ? readerId : 'bench';
  return { streamId: diaryEntryStreamId(id), events: [{ ...entry, metadata: { ...entry.metadata, userId: author } }] };
}

/**
 * (h) The first page of each list that grows, as its screen asks for it (`GET /api/carers`, with and without a
 * search, at 2,000 carers; `/api/clients` at 5,000; `/api/diary` at 50,000 entries as an administrator and as a
 * carer, whose query keeps only the entries within their work), each with its `X-Total-Count`. The log is
 * written straight into the store and replayed by the projector.
 */
export async function measureListPages(url: string): Promise<ListPageFigures> {
  const services = await startServices(url);
  try {
    const carerUser = await services.command.createUser('carer');
    const carerIds = Array.from({ length: CARERS }, () => uuidv7());
    const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    await load(services.pool, [
      ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, n))] })),
      ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
    ]);
    await load(
      services.pool,
      Array.from({ length: DIARY_ENTRIES }, (_, n) => diaryEntry(n, carerIds, clientIds, carerUser.id)),
    );
    await services.pool.query('analyze es_events');
    await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
    for (const table of ['carers', 'clients', 'diary_entries'])
      await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, table)}`.execute(services.db);

    const readUrl = await services.startReadApi();
    const get = async (path: string, cookie: string) => {
      const response = await fetch(`${readUrl}${path}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
      return { rows: (JSON.parse(body) as unknown[]).length, total: Number(response.headers.get('x-total-count')) };
    };
    /** p50 and p99 over the paths taken in turn; each path's first page must be full and its total as expected. */
    const sample = async (cookie: string, paths: Record<string, number>) => {
      for (const [path, total] of Object.entries(paths)) {
        const page = await get(path, cookie);
        if (page.total !== total || page.rows !== Math.min(50, total)) {
          throw new Error(
            `GET ${path} answered ${page.rows} rows of ${page.total}, expected ${Math.min(50, total)} of ${total}`,
          );
        }
      }
      const list = Object.keys(paths);
      for (let i = 0; i < WARM_UP; i += 1) await get(list[i % list.length]!, cookie);
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const begin = now();
        await get(list[i % list.length]!, cookie);
        samples.push(now() - begin);
      }
      return { p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) };
    };
    // The carer has no visits, so no client is in their work: they read the entries they wrote (a fiftieth), and
    // the count says so. Their query still has the whole work filter to evaluate over the 50,000 entries.
    const ownEntries = DIARY_ENTRIES / 50;
    // Search: a surname (180 of the carers) and an employee ID (one).
    const carers = await sample(services.cookie, {
      '/api/carers': CARERS,
      '/api/carers?search=patel': 180,
      '/api/carers?search=EMP-001234': 1,
    });
    const clients = await sample(services.cookie, { '/api/clients': CLIENTS });
    const diaryAdmin = await sample(services.cookie, { '/api/diary': DIARY_ENTRIES });
    const diaryCarer = await sample(carerUser.cookie, { '/api/diary': ownEntries });
    return {
      carersPageP50Ms: carers.p50,
      carersPageP99Ms: carers.p99,
      clientsPageP50Ms: clients.p50,
      clientsPageP99Ms: clients.p99,
      diaryPageAdminP50Ms: diaryAdmin.p50,
      diaryPageAdminP99Ms: diaryAdmin.p99,
      diaryPageCarerP50Ms: diaryCarer.p50,
      diaryPageCarerP99Ms: diaryCarer.p99,
    };
  } finally {
    await services.close();
  }
}
