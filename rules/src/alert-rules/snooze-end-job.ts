import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RULES_USER, type EventStore } from '@care/events';
import type { Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { AlertService } from '@care/command-api';

export interface SnoozeEndDeps {
  readonly store: EventStore;
  readonly db: Kysely<ReadModelDatabase>;
  readonly logger: Logger;
}

/** The most snoozes one run ends (the rest wait for the next run, a few seconds later). */
const PER_RUN = 200;

/**
 * Brings snoozed alerts back when their time comes: appends AlertSnoozeEnded to each alert whose `until` has passed
 * by `now` (the rule runner's clock, so tests move time). The read model only says which alerts to look at; each is
 * decided on its own stream and appended expecting the revision read, so with any number of rules processes each
 * snooze ends once (the loser reads again and finds it over), and a snooze a person ended, or moved, stays as they left it.
 */
export class SnoozeEndJob {
  private readonly alerts: AlertService;

  constructor(private readonly deps: SnoozeEndDeps) {
    this.alerts = new AlertService(deps.store);
  }

  /** Ends every snooze due by `now`; how many this run ended. */
  async run(now: Date): Promise<number> {
    const due = await this.deps.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alerts')
      .select('id')
      .where('snoozed_until', '<=', now)
      .orderBy('snoozed_until')
      .limit(PER_RUN)
      .execute();
    const context = { userId: RULES_USER, requestId: `snooze-end-${randomUUID()}` };
    let ended = 0;
    for (const { id } of due) {
      try {
        if (await this.alerts.endSnoozeBySystem(id, now, context)) ended += 1;
      } catch (error) {
        // The next run tries again: ending a snooze twice appends nothing.
        this.deps.logger.error({ err: error, alertId: id }, 'could not end a snooze');
      }
    }
    if (ended > 0) this.deps.logger.info({ ended }, 'snoozes ended');
    return ended;
  }

  /** Runs every `intervalMs` on `now`'s clock until the returned stop is called. */
  start(intervalMs: number, now: () => Date = () => new Date()): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = running
        .then(() => this.run(now()))
        .catch((error: unknown) => {
          this.deps.logger.error({ err: error }, 'snooze end job failed');
        });
    }, intervalMs);
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}
