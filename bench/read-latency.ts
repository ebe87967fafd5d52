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
 * (c) GET /api/carers?limit=500 as the browser sees it: the largest page (500 of the 2,000 carers, what a
 * select that offers every carer reads at a time), timed until the last byte of the body is read. Sequential requests, so each figure is latency, not queueing.
 */
const PAGE = 500;
const PATH = `/api/carers?limit=${PAGE}`;

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
      const response = await fetch(`${readUrl}${PATH}`, { headers: { cookie: services.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET /api/carers answered ${response.status}: ${body}`);
      return body.length;
    };
    const reply = await fetch(`${readUrl}${PATH}`, { headers: { cookie: services.cookie } });
    const first = (await reply.json()) as unknown[];
    const total = Number(reply.headers.get('x-total-count'));
    if (first.length !== PAGE || total !== CARERS)
      throw new Error(`GET ${PATH} returned ${first.length} carers of ${total}, expected ${PAGE} of ${CARERS}`);

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
