import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInteger } from '../event-fields';
import { IMPORT_LISTS, IMPORT_MAX_ROWS } from './import-lists';

/** What an export holds: the whole event log and a CSV per list. */
export const EXPORT_LISTS = [
  'carers',
  'clients',
  'training',
  'diary',
  'visits',
  'shifts',
  'users',
  'alerts',
  'tasks',
  'feedback',
] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/**
 * An administrator exported the agency's data (Export Data): who (metadata userId), when (occurredAt) and what (the
 * event log and these lists). Recorded before a byte leaves, so every copy of the records is accounted for.
 */
export const DataExported = defineEvent(
  'DataExported',
  1,
  z.object({
    exportId: z.uuid(),
    eventLog: z.boolean(),
    lists: z.array(z.enum(EXPORT_LISTS)).max(EXPORT_LISTS.length),
  }),
);

/**
 * An administrator imported a list from a CSV file (Import Data): who and when (metadata), which list, the file's
 * rows, and how many were created or skipped because their key (employee ID, client ID) was already there. The
 * rows themselves are their own events (CarerRegistered, ClientCreated...), appended through the same commands.
 */
export const DataImported = defineEvent(
  'DataImported',
  1,
  z.object({
    importId: z.uuid(),
    list: z.enum(IMPORT_LISTS),
    rows: eventInteger({ min: 0, max: IMPORT_MAX_ROWS }),
    created: eventInteger({ min: 0, max: IMPORT_MAX_ROWS }),
    skipped: eventInteger({ min: 0, max: IMPORT_MAX_ROWS }),
  }),
);

export const dataManagementEvents = [DataExported, DataImported] as const;
export type DataManagementEvent = EventOf<typeof dataManagementEvents>;
export const dataExportStreamId = (exportId: string): string => `data-export-${exportId}`;
export const dataImportStreamId = (importId: string): string => `data-import-${importId}`;

/** POST /api/admin/exports: what to export (the screen asks for everything). */
export const exportRequestSchema = z.strictObject({
  eventLog: z.boolean({ error: 'Event log must be true or false' }),
  lists: z
    .array(z.enum(EXPORT_LISTS, { error: `Each list must be one of: ${EXPORT_LISTS.join(', ')}` }))
    .min(1, 'Choose at least one list')
    .max(EXPORT_LISTS.length),
});
