import type pg from 'pg';
import type { CarerWindow, EventStore } from '@care/events';
import type { Logger } from '@care/events/server';
import type { VisitTimeRules } from '../appointments/visit-times';

/** What a feature's command routes may use: the event store, PostgreSQL (auth and media schemas) and the logger. */
export interface CommandDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly logger: Logger;
  /** When visits may be checked in and how far back a time entered by hand may go (defaults: 120 minutes, 12 hours). */
  readonly visitTimeRules?: VisitTimeRules;
  /** Whose clients a carer may write about: their visits' from this many days back to this many ahead (default 7 and 14). */
  readonly carerWindow?: CarerWindow;
}
