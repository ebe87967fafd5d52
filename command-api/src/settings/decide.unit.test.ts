import { DEFAULT_AGENCY_SETTINGS, type SettingsHistoryEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { evolve, initialSettingsState } from './settings-state';

const given = (...events: SettingsHistoryEvent[]) => events.reduce(evolve, initialSettingsState);

describe('Save Settings', () => {
  it('given no settings saved, when an admin turns appointment reminders off, then only that change is recorded', () => {
    const state = given();
    expect(
      decide({ type: 'SaveSettings', settings: { ...DEFAULT_AGENCY_SETTINGS, appointmentReminders: false } }, state),
    ).toEqual([{ type: 'AgencySettingsChanged', data: { changes: { appointmentReminders: false } } }]);
  });

  it('given saved settings, when the same form is saved again, then nothing is recorded', () => {
    const state = given({
      type: 'AgencySettingsChanged',
      data: { changes: { recordRetentionYears: 10, agencyName: 'Acme Care' } },
    });
    expect(
      decide(
        {
          type: 'SaveSettings',
          settings: { ...DEFAULT_AGENCY_SETTINGS, recordRetentionYears: 10, agencyName: 'Acme Care' },
        },
        state,
      ),
    ).toEqual([]);
  });

  it('given a safeguarding phone, when it is cleared, then the change records null', () => {
    const state = given({
      type: 'AgencySettingsChanged',
      data: { changes: { safeguardingTeamPhone: '0161 234 5678' } },
    });
    expect(decide({ type: 'SaveSettings', settings: DEFAULT_AGENCY_SETTINGS }, state)).toEqual([
      { type: 'AgencySettingsChanged', data: { changes: { safeguardingTeamPhone: null } } },
    ]);
  });

  it('given a contact set by the old incidents form and a newer Save Settings, then both are read and the newest wins', () => {
    const state = given(
      {
        type: 'SafeguardingContactSet',
        data: {
          teamName: 'Leeds Safeguarding',
          phone: '0113 222 4401',
          outOfHoursPhone: null,
          email: 'sg@leeds.example',
          notes: 'Online form first',
        },
      },
      { type: 'AgencySettingsChanged', data: { changes: { safeguardingTeamPhone: '0113 999 0000' } } },
    );
    expect(state).toMatchObject({
      safeguardingTeamName: 'Leeds Safeguarding',
      safeguardingTeamPhone: '0113 999 0000',
      safeguardingTeamEmail: 'sg@leeds.example',
      safeguardingTeamNotes: 'Online form first',
    });
  });

  it('given a contact set by the old incidents form, when an admin clears its name in Settings, then the clearing is recorded', () => {
    const state = given({
      type: 'SafeguardingContactSet',
      data: { teamName: 'Leeds Safeguarding', phone: null, outOfHoursPhone: null, email: null, notes: null },
    });
    expect(decide({ type: 'SaveSettings', settings: DEFAULT_AGENCY_SETTINGS }, state)).toEqual([
      { type: 'AgencySettingsChanged', data: { changes: { safeguardingTeamName: null } } },
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
