import type { AgencySettings } from './settings-request';

/** GET /api/settings: the saved settings (defaults until saved) and who saved them last. */
export interface AgencySettingsView {
  settings: AgencySettings;
  revision: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** GET /api/settings/history: one Save Settings, newest first. */
export interface AgencySettingsChangeView {
  at: string;
  userId: string;
  userName: string | null;
  changes: { field: string; label: string; value: string }[];
}

/**
 * GET /api/settings/agency (any signed-in user): the agency's details for documents and the emergency screen.
 * Each is the saved setting, else the configured default (AGENCY_ON_CALL_PHONE), else null.
 */
export interface AgencyDetailsView {
  name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  onCallPhone: string | null;
  safeguardingTeam: {
    name: string | null;
    phone: string | null;
    email: string | null;
    outOfHoursPhone: string | null;
    notes: string | null;
  };
}
