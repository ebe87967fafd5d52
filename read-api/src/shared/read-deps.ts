import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { ReadModelDatabase } from '@care/projector';
import type { Logger } from '@care/events/server';
import type { CarerWork } from './carer-work';
import type { RecordViewLog } from '../audit/record-view-log';
import type { EventLogSource } from './event-log-source';

/** What a feature's read routes may use: the read model (kysely), PostgreSQL (e.g. the media schema) and the logger. */
export interface ReadDeps {
  readonly db: Kysely<ReadModelDatabase>;
  readonly pool: pg.Pool;
  readonly log: Logger;
  /** What a carer's work lets them read (clients, diary, voice notes). */
  readonly work: CarerWork;
  /** Logs who opened a record (RecordViewed): the audit screen, a client's record, a confidential diary entry. */
  readonly views: RecordViewLog;
  /** Where the event log is read (the export, the retention review, the system status). */
  readonly eventLog: EventLogSource;
}
