import { startBenchPostgres } from './postgres';
import { measureRebuildMix } from './rebuild-mix';
process.on('uncaughtException', (e) => console.error('UNCAUGHT', e.message));
const pg = await startBenchPostgres();
try {
  const started = Date.now();
  const figures = await measureRebuildMix(await pg.freshDatabase('mix'), (m) => console.error(`${((Date.now() - started) / 1000).toFixed(0)}s ${m}`));
  console.log(JSON.stringify(figures));
} catch (error) {
  console.error('FAILED', error);
} finally {
  await pg.stop();
}
