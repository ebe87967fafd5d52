import path from 'node:path';
import { z } from 'zod';
import { createLogger, parseEnv, port } from '@care/events/server';
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }),
);
const log = createLogger('ui', env.LOG_LEVEL);
const server = await startUiServer({
  port: env.UI_PORT,
  host: env.HOST,
  distDir: path.resolve(import.meta.dirname, '../..', env.UI_DIST_DIR || 'ui/dist'),
  commandApiUrl: env.COMMAND_API_URL,
  readApiUrl: env.READ_API_URL,
  ...(env.MAP_TILE_URL && { mapTileUrl: env.MAP_TILE_URL }),
  ...(env.MAP_TILE_ATTRIBUTION && { mapTileAttribution: env.MAP_TILE_ATTRIBUTION }),
  log: (obj, msg) => log.info(obj, msg),
});
log.info({ url: server.url }, 'ui listening');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().finally(() => process.exit(0)));
}
