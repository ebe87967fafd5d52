import type { ColumnType } from 'kysely';
import type { AgencySettings } from '@care/events';

/** The agency's settings now: one row (id 1), the defaults folded with every saved change. */
export interface AgencySettingsTable {
  id: number;
  settings: ColumnType<Partial<AgencySettings>, string, string>;
  revision: ColumnType<string, string | bigint, string | bigint>;
  updated_at: ColumnType<Date, string, string>;
  updated_by: string;
}

/** One row per Save Settings that changed something: who, when, what (the Settings tab's history). */
export interface AgencySettingsChangesTable {
  event_id: string;
  user_id: string;
  changes: ColumnType<Partial<AgencySettings>, string, string>;
  occurred_at: ColumnType<Date, string, string>;
}

export interface SettingsTables {
  agency_settings: AgencySettingsTable;
  agency_settings_changes: AgencySettingsChangesTable;
}
