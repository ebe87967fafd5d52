import path from 'node:path';
import { z } from 'zod';
import {
  createLogger,
  createPool,
  LatencyRecorder,
  parseEnv,
  port,
  startHeartbeat,
  type Heartbeat,
} from '@care/events/server';
import { trustedProxiesSchema } from './trusted-proxies';
import { startUiServer } from './ui-server';

/** The browser's one origin: the built UI, with /api and /socket.io routed to the services. */
const env = parseEnv(
  z.object({
    UI_PORT: port(3000),
    HOST: z.string().default('127.0.0.1'),
    COMMAND_API_URL: z.url().default('http://127.0.0.1:3001'),
    READ_API_URL: z.url().default('http://127.0.0.1:3002'),
    /** The Vite build to serve (see buildUiIfStale in scripts/product.ts); ui/dist by default. */
    UI_DIST_DIR: z.string().optional(),
    /** The diary maps' tile server, a "{z}/{x}/{y}" URL template (OpenStreetMap's by default). */
    MAP_TILE_URL: z.string().optional(),
    MAP_TILE_ATTRIBUTION: z.string().optional(),
    /** The reverse proxy in front of this server (addresses or CIDR ranges): trusted-proxies.ts. */
    TRUSTED_PROXIES: trustedProxiesSchema,
    /** Where it reports its heartbeat and latency to the System Status tab; without it the UI server is not listed there. */
    DATABASE_URL: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }),
);
const log = createLogger('ui', env.LOG_LEVEL);
/**
 * The repository's root, which UI_DIST_DIR is relative to: two folders up from this source file (ui/server/), one up
 * from its compiled copy (dist/ui-server.mjs, scripts/build-services.ts).
 */
const root = path.resolve(import.meta.dirname, path.basename(import.meta.dirname) === 'dist' ? '..' : '../..');
const latency = new LatencyRecorder();
const server = await startUiServer({
  port: env.UI_PORT,
  host: env.HOST,
  distDir: path.resolve(root, env.UI_DIST_DIR || 'ui/dist'),
  commandApiUrl: env.COMMAND_API_URL,
  readApiUrl: env.READ_API_URL,
  ...(env.MAP_TILE_URL && { mapTileUrl: env.MAP_TILE_URL }),
  ...(env.MAP_TILE_ATTRIBUTION && { mapTileAttribution: env.MAP_TILE_ATTRIBUTION }),
  trustedProxies: env.TRUSTED_PROXIES,
  log: (obj, msg) => log.info(obj, msg),
  onRequestTimed: (durationMs) => latency.record(durationMs),
});
const pool = env.DATABASE_URL ? createPool(env.DATABASE_URL, { max: 2, log }) : undefined;
const heartbeat: Heartbeat | undefined = pool
  ? await startHeartbeat({ pool, service: 'ui-server', log, latency })
  : undefined;
log.info({ url: server.url }, 'ui listening');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void Promise.allSettled([heartbeat?.stop()])
        .then(() => Promise.allSettled([server.close(), pool?.end()]))
        .finally(() => process.exit(0)),
  );
}
