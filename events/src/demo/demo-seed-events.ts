import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant } from '../event-fields';

/** The one stream the quick start's demo loader records itself in. */
export const DEMO_SEED_STREAM = 'demo-seed';

/**
 * The quick start began loading the demo data. Without a `DemoSeedCompleted` after it, the load was stopped part-way
 * (Ctrl+C, a crash), and the next start finishes it.
 */
export const DemoSeedStarted = defineEvent('DemoSeedStarted', 1, z.object({ startedAt: eventInstant() }));
/** Every part of the demo data is in: later starts load nothing. */
export const DemoSeedCompleted = defineEvent('DemoSeedCompleted', 1, z.object({ completedAt: eventInstant() }));

export const demoSeedEvents = [DemoSeedStarted, DemoSeedCompleted] as const;
export type DemoSeedEvent = EventOf<typeof demoSeedEvents>;
