import { DEFAULT_AGENCY_SETTINGS, type SettingsSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { evolve, initialSettingsState } from './settings-state';

const given = (...events: SettingsSliceEvent[]) => events.reduce(evolve, initialSettingsState);

describe('Save Settings', () => {
  it('given no settings saved, when an admin turns appointment reminders off, then only that change is recorded', () => {
    const state = given();
    expect(decide({ type: 'SaveSettings', settings: { ...DEFAULT_AGENCY_SETTINGS, appointmentReminders: false } }, state)).toEqual([
      { type: 'AgencySettingsChanged', data: { changes: { appointmentReminders: false } } },
    ]);
  });

  it('given saved settings, when the same form is saved again, then nothing is recorded', () => {
    const state = given({ type: 'AgencySettingsChanged', data: { changes: { recordRetentionYears: 10, agencyName: 'Acme Care' } } });
    expect(decide({ type: 'SaveSettings', settings: { ...DEFAULT_AGENCY_SETTINGS, recordRetentionYears: 10, agencyName: 'Acme Care' } }, state)).toEqual([]);
  });

  it('given a safeguarding phone, when it is cleared, then the change records null', () => {
    const state = given({ type: 'AgencySettingsChanged', data: { changes: { safeguardingTeamPhone: '0161 234 5678' } } });
    expect(decide({ type: 'SaveSettings', settings: DEFAULT_AGENCY_SETTINGS }, state)).toEqual([
      { type: 'AgencySettingsChanged', data: { changes: { safeguardingTeamPhone: null } } },
    ]);
  });

  it('folds every change on top of the defaults (7 years recommended, every notification on)', () => {
    const state = given(
      { type: 'AgencySettingsChanged', data: { changes: { logRetentionYears: 3 } } },
      { type: 'AgencySettingsChanged', data: { changes: { maintenanceAlerts: false } } },
    );
    expect(state).toEqual({ ...DEFAULT_AGENCY_SETTINGS, logRetentionYears: 3, maintenanceAlerts: false });
    expect(DEFAULT_AGENCY_SETTINGS.recordRetentionYears).toBe(7);
  });
});
