import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { ReadModelDatabase } from '@care/projector';
import { errorHandler, fallbackReplies, requestContext, securityHeaders, type Logger } from '@care/events/server';
import { CarerQueries } from './carers/carer-queries';
import { carerRoutes } from './carers/carer-routes';
import { attachLivePush } from './live/live-push';
import { authenticate } from './shared/authenticate';
import { CheckpointWatcher } from './shared/checkpoint-watcher';
import type { ReadState } from './shared/read-state';
import { readYourWrites } from './shared/read-your-writes';

export interface ReadApiOptions {
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly log: Logger;
  readonly readYourWritesTimeoutMs?: number;
}

export interface ReadApi {
  readonly server: http.Server;
  close(): Promise<void>;
}

/** The koa app for every GET /api/... and the socket.io push, on one HTTP server. */
export async function createReadApi({ pool, db, log, readYourWritesTimeoutMs = 5000 }: ReadApiOptions): Promise<ReadApi> {
  const watcher = new CheckpointWatcher(pool, db, log);
  await watcher.start();
  const carers = new CarerQueries(db);

  const app = new Koa<ReadState>();
  app.proxy = true;
  const health = new Router<ReadState>();
  health.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  const carerRouter = carerRoutes(carers);
  app.use(requestContext(log));
  app.use(securityHeaders());
  app.use(errorHandler());
  app.use(fallbackReplies());
  app.use(health.routes());
  app.use(authenticate());
  app.use(readYourWrites(watcher, readYourWritesTimeoutMs));
  app.use(carerRouter.routes());
  app.use(carerRouter.allowedMethods({ throw: false }));

  const server = http.createServer(app.callback());
  const live = attachLivePush(server, watcher, carers, log);
  return {
    server,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await watcher.stop();
    },
  };
}
