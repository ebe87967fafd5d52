import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { demoClients } from '../scripts/demo/demo-clients';
import { demoDiaryEntries } from '../scripts/demo/demo-diary';
import { now, percentile, round, runConcurrently } from './stats';
import { postCarer, startServices } from './services';

export interface DiaryLatencyFigures {
  diaryEntries: number;
  diaryAdminP50Ms: number;
  diaryAdminP99Ms: number;
  diaryCarerP50Ms: number;
  diaryCarerP99Ms: number;
}

const CARERS = 30;
/** Ten times the demo's 60 days: about 20 months of one agency's diary. */
const PERIODS = 10;
const PERIOD_DAYS = 60;
const POST_CONCURRENCY = 8;
const WARM_UP = 10;
const REQUESTS = 150;

/**
 * (e) GET /api/diary?limit=500, the largest page (500 of 3,000 entries) with client and carer names, newest first,
 * as an administrator (all entries) and as a carer (confidential entries of others filtered out in SQL).
 * The entries go in through POST /api/diary, so the rows are what the product writes.
 */
export async function measureDiaryLatency(url: string): Promise<DiaryLatencyFigures> {
  const services = await startServices(url);
  try {
    const carerIds: string[] = [];
    for (let n = 0; n < CARERS; n += 1) carerIds.push((await postCarer(services.command, n)).id);
    const clientIds: string[] = [];
    for (const client of demoClients(carerIds)) {
      const reply = await services.command.request('POST', '/api/clients', client);
      if (reply.status !== 201) throw new Error(`POST /api/clients answered ${reply.status}: ${reply.text}`);
      clientIds.push((reply.body as { id: string }).id);
    }
    const started = Date.now();
    const entries = Array.from({ length: PERIODS }, (_, period) =>
      demoDiaryEntries(carerIds, clientIds, new Date(started - period * PERIOD_DAYS * 86_400_000)),
    ).flat();
    await runConcurrently(entries.length, POST_CONCURRENCY, async (index) => {
      const reply = await services.command.request('POST', '/api/diary', entries[index]);
      if (reply.status !== 201) throw new Error(`POST /api/diary answered ${reply.status}: ${reply.text}`);
    });
    const carer = await services.command.createUser('carer');
    await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
    const readUrl = await services.startReadApi();

    const sample = async (cookie: string): Promise<{ p50: number; p99: number; count: number }> => {
      const get = async () => {
        // The largest page: 500 of the 3,000 entries (the list pages on the server).
        const response = await fetch(`${readUrl}/api/diary?limit=500`, { headers: { cookie } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`GET /api/diary answered ${response.status}: ${body}`);
        return body;
      };
      const count = (JSON.parse(await get()) as unknown[]).length;
      for (let i = 0; i < WARM_UP; i += 1) await get();
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const begin = now();
        await get();
        samples.push(now() - begin);
      }
      return { p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2), count };
    };
    const admin = await sample(services.cookie);
    if (admin.count !== Math.min(500, entries.length))
      throw new Error(`GET /api/diary?limit=500 returned ${admin.count} entries`);
    const asCarer = await sample(carer.cookie);
    return {
      diaryEntries: entries.length,
      diaryAdminP50Ms: admin.p50,
      diaryAdminP99Ms: admin.p99,
      diaryCarerP50Ms: asCarer.p50,
      diaryCarerP99Ms: asCarer.p99,
    };
  } finally {
    await services.close();
  }
}
