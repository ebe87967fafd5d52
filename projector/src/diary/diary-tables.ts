import type { ColumnType } from 'kysely';

/** GET /api/diary: one row per entry, its current version, with the names of the carer and client. */
export interface DiaryEntriesTable {
  id: string;
  carer_id: string;
  client_id: string;
  appointment_id: string | null;
  entry_date: ColumnType<Date, string, string>;
  entry_type: string;
  priority: string;
  title: string;
  content: string;
  tags: ColumnType<string[], string, string>;
  is_confidential: boolean;
  /** From the DiaryEntryAdded metadata: who may amend it and see it when confidential. */
  author_user_id: string;
  reviewed_by: string | null;
  reviewed_at: ColumnType<Date | null, string | null, string | null>;
  amended: boolean;
  /** Names as they are now; a carer or client removed later keeps their name here (a legal record). */
  carer_first_name: string;
  carer_last_name: string;
  client_first_name: string;
  client_last_name: string;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/**
 * Every version of every entry (GET /api/diary/:id/history): who, when, and each changed field before and
 * after. `changes` is a JSON array of { field, from, to }.
 */
export interface DiaryEntryVersionsTable {
  event_id: string;
  entry_id: string;
  revision: ColumnType<string, string | bigint, string | bigint>;
  action: 'created' | 'amended' | 'reviewed';
  user_id: string;
  occurred_at: ColumnType<Date, string, string>;
  changes: ColumnType<unknown, string, string>;
  reason: string | null;
  /** Whether the entry was confidential in this version: each version is shown by its own confidentiality. */
  is_confidential: boolean;
}

/**
 * The diary's own copy of carer and client names, kept from their registration and name changes and never
 * deleted: a new entry takes its names from here whatever the order of events in a batch or a rebuild.
 */
export interface DiaryNamesTable {
  kind: 'carer' | 'client';
  id: string;
  first_name: string;
  last_name: string;
}

/**
 * How many entries each author wrote, confidential or not: the X-Total-Count of an unfiltered diary list without
 * counting tens of thousands of rows (everyone sees the non-confidential ones; some readers only their own others).
 */
export interface DiaryEntryCountsTable {
  author_user_id: string;
  is_confidential: boolean;
  entries: number;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface DiaryTables {
  diary_entries: DiaryEntriesTable;
  diary_entry_versions: DiaryEntryVersionsTable;
  diary_entry_counts: DiaryEntryCountsTable;
  diary_names: DiaryNamesTable;
}
