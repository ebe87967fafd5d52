import type { ColumnType } from 'kysely';
import type { AuditViewKind } from '@care/events';

/** Which streams belong to a client's file: every stream one of whose events names the client. */
export interface AuditStreamLinksTable {
  client_id: string;
  stream_id: string;
  /** When the stream first named the client: the file as of an earlier instant can skip it. */
  first_at: ColumnType<Date, string, string>;
}

/** RecordViewed and SubjectAccessExported events: who opened what from the audit screen, or took a copy, and when. */
export interface AuditRecordViewsTable {
  event_id: string;
  user_id: string;
  view: AuditViewKind;
  stream_id: string | null;
  client_id: string | null;
  as_of: ColumnType<Date | null, string | null, string | null>;
  viewed_at: ColumnType<Date, string, string>;
}

/**
 * Every kind of record the log holds (`client`, `care-plan`, ...: streams `<kind>-<uuid>`), so a search by record
 * id can name the streams to read where the store has no SQL to list them (EventStoreDB).
 */
export interface AuditRecordKindsTable {
  kind: string;
}

export interface AuditTables {
  audit_stream_links: AuditStreamLinksTable;
  audit_record_views: AuditRecordViewsTable;
  audit_record_kinds: AuditRecordKindsTable;
}
