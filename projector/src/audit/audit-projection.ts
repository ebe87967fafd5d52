import { carerStreamId, clientStreamId, recordOf, type RecordedEvent, type RecordRef } from '@care/events';
import type { Projection } from '../projection';
import { auditSchema } from './audit-schema';
import { writeRows } from '../shared/bulk-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client file's index for the audit screen: a stream is part of a client's file once any of its events names
 * the client by `clientId` (the shared rule every feature's events follow: CONTRACTS "Stream ids"), or it is the
 * client's own stream. Generic: it reads every event type, so prescriptions, incidents and care plans join their
 * client's file without a line here. The file's records are then read from the log itself, never from here.
 * Also the list of RecordViewed events (who viewed what), and the kinds of record the log holds (version 2), and
 * each subject access export as a view of the person's record (version 3).
 */
export const auditProjection: Projection = {
  name: 'audit',
  version: 3,
  tables: ['audit_stream_links', 'audit_record_views', 'audit_record_kinds'],
  schema: auditSchema,
  handles: () => true,
  async apply(db, events) {
    const links = new Map<string, { client_id: string; stream_id: string; first_at: string }>();
    const views = [];
    const kinds = new Set<string>();
    for (const event of events) {
      const record = recordOf(event.streamId);
      if (UUID.test(record.id)) kinds.add(record.kind);
      const clientId = clientOf(event, record);
      if (clientId) {
        const key = `${clientId} ${event.streamId}`;
        if (!links.has(key))
          links.set(key, { client_id: clientId, stream_id: event.streamId, first_at: event.metadata.occurredAt });
      }
      if (event.type === 'RecordViewed') {
        views.push({
          event_id: event.eventId,
          user_id: event.metadata.userId,
          view: event.data.view,
          stream_id: event.data.streamId,
          client_id: event.data.clientId,
          as_of: event.data.asOf,
          viewed_at: event.metadata.occurredAt,
        });
      }
      if (event.type === 'SubjectAccessExported') {
        const { subjectKind, subjectId } = event.data;
        views.push({
          event_id: event.eventId,
          user_id: event.metadata.userId,
          view: 'subject-access-export' as const,
          stream_id: subjectKind === 'client' ? clientStreamId(subjectId) : carerStreamId(subjectId),
          client_id: subjectKind === 'client' ? subjectId : null,
          as_of: null,
          viewed_at: event.metadata.occurredAt,
        });
      }
    }
    await writeRows(db, 'audit_stream_links', [...links.values()], {
      key: ['client_id', 'stream_id'],
      onConflict: 'nothing',
    });
    await writeRows(
      db,
      'audit_record_kinds',
      [...kinds].map((kind) => ({ kind })),
      { key: ['kind'], onConflict: 'nothing' },
    );
    await writeRows(db, 'audit_record_views', views, { key: ['event_id'], onConflict: 'nothing' });
  },
};

function clientOf(event: RecordedEvent, record: RecordRef): string | undefined {
  // A view names the client it looked at; it is not part of the client's file.
  if (event.type === 'RecordViewed') return undefined;
  // Only records (a uuid after the kind): reservations and per-day bookings are not part of anyone's file.
  if (!UUID.test(record.id)) return undefined;
  if (record.kind === 'client') return record.id;
  const data = event.data as { clientId?: unknown };
  return typeof data.clientId === 'string' && UUID.test(data.clientId) ? data.clientId.toLowerCase() : undefined;
}
