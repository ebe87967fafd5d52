import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';

/** What an export holds: the whole event log and a CSV per list. */
export const EXPORT_LISTS = ['carers', 'clients', 'training', 'diary', 'visits', 'shifts', 'users', 'alerts', 'tasks', 'feedback'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/**
 * An administrator exported the agency's data (Export Data): who (metadata userId), when (occurredAt) and what (the
 * event log and these lists). Recorded before a byte leaves, so every copy of the records is accounted for.
 */
export const DataExported = defineEvent(
  'DataExported',
  1,
  z.object({ exportId: z.uuid(), eventLog: z.boolean(), lists: z.array(z.enum(EXPORT_LISTS)).max(EXPORT_LISTS.length) }),
);

export const dataManagementEvents = [DataExported] as const;
export type DataManagementEvent = EventOf<typeof dataManagementEvents>;
export const dataExportStreamId = (exportId: string): string => `data-export-${exportId}`;

/** POST /api/admin/exports: what to export (the screen asks for everything). */
export const exportRequestSchema = z.strictObject({
  eventLog: z.boolean({ error: 'Event log must be true or false' }),
  lists: z.array(z.enum(EXPORT_LISTS, { error: `Each list must be one of: ${EXPORT_LISTS.join(', ')}` })).min(1, 'Choose at least one list').max(EXPORT_LISTS.length),
});
