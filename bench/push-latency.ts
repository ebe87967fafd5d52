import { io, type Socket } from 'socket.io-client';
import { comparePositions, positionFromToken, type Position } from '@care/events';
import { startProjector } from '@care/projector';
import { now, percentile, round } from './stats';
import { postCarer, silentLog, startServices } from './services';

export interface PushLatencyFigures {
  pushP50Ms: number;
  pushP99Ms: number;
}

/** What the read API pushes (read-api/src/live/live-push.ts); only the part the bench listens to. */
interface LiveEvents {
  'carers:changed': (payload: { position: string }) => void;
  'carers:activeCount': (payload: { count: number }) => void;
}

const PUSHES = 50;
/** Untimed rounds first, so the figures are the steady state, not the first JIT and plan-cache misses. */
const WARM_UP = 5;
const TIMEOUT_MS = 10_000;

/**
 * (d) From a user's save to another browser hearing about it: POST → append → NOTIFY →
 * projector batch → read-model commit → NOTIFY → read API → socket.io → client.
 */
export async function measurePushLatency(url: string): Promise<PushLatencyFigures> {
  const services = await startServices(url);
  const projector = await startProjector({
    store: services.store,
    pool: services.pool,
    db: services.db,
    log: silentLog,
  });
  await projector.settled();
  let socket: Socket<LiveEvents, Record<string, never>> | undefined;
  try {
    const readUrl = await services.startReadApi();
    // WebSocket straight away: a browser upgrades to it within its first second, and the
    // long-polling start is not what a signed-in user waits on.
    socket = io(readUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: services.cookie },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });

    // Every push is stamped on arrival; a push can beat the POST's own reply, so the clock stops
    // at the first push that covers the write, whenever it came.
    let arrivals: { position: Position; at: number }[] = [];
    let wake: (() => void) | undefined;
    socket.on('carers:changed', ({ position }) => {
      const parsed = positionFromToken(position);
      if (!parsed) return;
      arrivals.push({ position: parsed, at: now() });
      wake?.();
    });
    const pushCovering = async (target: Position, deadline: number): Promise<number> => {
      for (;;) {
        const hit = arrivals.find((arrival) => comparePositions(arrival.position, target) >= 0);
        if (hit) return hit.at;
        const remaining = deadline - now();
        if (remaining <= 0) throw new Error(`no carers:changed push reached ${target.commit}.${target.prepare}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    };

    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + PUSHES; i += 1) {
      arrivals = [];
      const t0 = now();
      const created = await postCarer(services.command, i);
      const arrivedAt = await pushCovering(created.position, t0 + TIMEOUT_MS);
      if (i >= WARM_UP) samples.push(arrivedAt - t0);
    }
    return { pushP50Ms: round(percentile(samples, 50), 2), pushP99Ms: round(percentile(samples, 99), 2) };
  } finally {
    socket?.disconnect();
    await projector.stop();
    await services.close();
  }
}
