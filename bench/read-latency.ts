import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { now, percentile, round, runConcurrently } from './stats';
import { postCarer, startServices } from './services';

export interface ReadLatencyFigures {
  carersP50Ms: number;
  carersP99Ms: number;
}

const CARERS = 2000;
const POST_CONCURRENCY = 8;
const WARM_UP = 20;
const REQUESTS = 300;

/**
 * (c) GET /api/carers as the browser sees it: the whole 2,000-carer list, timed until the last
 * byte of the body is read. Sequential requests, so each figure is latency, not queueing.
 */
export async function measureReadLatency(url: string): Promise<ReadLatencyFigures> {
  const services = await startServices(url);
  try {
    // The rows come through the real command path, so the read model holds what the product writes.
    await runConcurrently(CARERS, POST_CONCURRENCY, async (n) => {
      await postCarer(services.command, n);
    });
    await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
    const readUrl = await services.startReadApi();

    const getList = async (): Promise<number> => {
      const response = await fetch(`${readUrl}/api/carers`, { headers: { cookie: services.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET /api/carers answered ${response.status}: ${body}`);
      return body.length;
    };
    const first = await fetch(`${readUrl}/api/carers`, { headers: { cookie: services.cookie } }).then((r) => r.json() as Promise<unknown[]>);
    if (first.length !== CARERS) throw new Error(`GET /api/carers returned ${first.length} carers, expected ${CARERS}`);

    for (let i = 0; i < WARM_UP; i += 1) await getList();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = now();
      await getList();
      samples.push(now() - started);
    }
    return { carersP50Ms: round(percentile(samples, 50), 2), carersP99Ms: round(percentile(samples, 99), 2) };
  } finally {
    await services.close();
  }
}
