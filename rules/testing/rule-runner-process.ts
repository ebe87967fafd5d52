import { createEventStore, createLogger, createPool } from '@care/events/server';
import { createReadModelDb } from '@care/projector';
import { ALERT_RULES } from '../src/alert-rules/registry';
import { RuleRunner } from '../src/alert-rules/rule-runner';

/** A rule runner as its own process, for the test that kills one mid-way (rule-runner.int.test.ts). */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const logger = createLogger('rules-test', 'warn');
const store = await createEventStore({ databaseUrl, eventStoreUrl: undefined, log: logger });
const pool = createPool(databaseUrl, { max: 4, log: logger });
const runner = new RuleRunner(
  { store, pool, db: createReadModelDb(pool), logger },
  { rules: ALERT_RULES, intervalMs: 3_600_000 },
);
await runner.start();
process.stdout.write('started\n');
