import type { Kysely } from 'kysely';
import { comparePositions, positionToToken, type EventStore } from '@care/events';
import type { Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import type { ProjectionRunner } from './projection-runner';

/**
 * Every few seconds, how far each projection is behind the head of the log: events not yet applied, and how long
 * ago the oldest of them was recorded (GET /api/status/projections). Members at one position are measured once.
 */
export function startLagReporter(options: {
  store: EventStore;
  db: Kysely<ReadModelDatabase>;
  log: Logger;
  runner: Pick<ProjectionRunner, 'members'>;
  intervalMs?: number | undefined;
}): { stop(): Promise<void> } {
  const { store, db, log, runner, intervalMs = 2000 } = options;
  if (!store.measureLag) return { stop: async () => undefined };
  const measure = store.measureLag.bind(store);
  let running: Promise<void> | undefined;
  const tick = async () => {
    if (running) return;
    running = measureAll();
    await running;
    running = undefined;
  };
  const measureAll = async () => {
    try {
      const members = runner.members();
      const byPosition = new Map<string, { position: (typeof members)[number]['checkpoint']; names: string[] }>();
      for (const member of members) {
        const key = positionToToken(member.checkpoint);
        const entry = byPosition.get(key) ?? { position: member.checkpoint, names: [] };
        entry.names.push(member.projection.name);
        byPosition.set(key, entry);
      }
      const now = Date.now();
      for (const { position, names } of [...byPosition.values()].sort((a, b) =>
        comparePositions(a.position, b.position),
      )) {
        const lag = await measure(position);
        await db
          .withSchema(READ_MODEL_SCHEMA)
          .updateTable('projection_status')
          .set({
            lag_events: String(lag.events),
            lag_seconds: lag.oldestRecordedAt ? Math.max(0, (now - lag.oldestRecordedAt.getTime()) / 1000) : 0,
            measured_at: new Date(now).toISOString(),
          })
          // Rows a projector transaction holds are left for the next tick: waiting on them, while holding others,
          // deadlocked with a batch saving the same checkpoints in another order.
          .where('name', 'in', (eb) =>
            eb.selectFrom('projection_status').select('name').where('name', 'in', names).forUpdate().skipLocked(),
          )
          .execute();
      }
    } catch (error) {
      log.warn({ err: error }, 'could not measure projection lag');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
