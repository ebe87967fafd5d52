import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEFAULT_AGENCY_SETTINGS,
  type AgencyDetailsView,
  type AgencySettingsChangeView,
  type AgencySettingsView,
} from '@care/events';
import type { TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack;
let coordinator: TestUser;
let carer: TestUser;
let lastPosition = '';

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'settings_read', {
    readApi: {
      agencyContacts: { onCallPhone: '0800 000 111', supportEmail: null, supportPhone: null, supportHours: null },
    },
  });
  coordinator = await stack.command.createUser('coordinator');
  carer = await stack.command.createUser('carer');
});

afterAll(async () => {
  await stack?.stop();
});

async function get<T>(
  path: string,
  user: TestUser = stack.command.admin,
): Promise<{ status: number; body: T; total: string | null }> {
  const response = await fetch(`${stack.readUrl}${path}`, {
    headers: { cookie: user.cookie, 'x-min-position': lastPosition },
  });
  return { status: response.status, body: (await response.json()) as T, total: response.headers.get('x-total-count') };
}

async function save(settings: object, user: TestUser = stack.command.admin, headers: Record<string, string> = {}) {
  const reply = await user.request('PUT', '/api/settings', settings, headers);
  if (reply.body?.position) lastPosition = reply.body.position;
  return reply;
}

describe('agency settings', () => {
  it('answers the defaults before anyone saved: every notification on, 7 years, the configured on-call number', async () => {
    const view = await get<AgencySettingsView>('/api/settings');
    expect(view.body).toEqual({ settings: DEFAULT_AGENCY_SETTINGS, revision: null, updatedAt: null, updatedBy: null });
    const details = await get<AgencyDetailsView>('/api/settings/agency', carer);
    expect(details.status).toBe(200);
    expect(details.body.onCallPhone).toBe('0800 000 111');
    expect(details.body.safeguardingTeam).toEqual({
      name: null,
      phone: null,
      email: null,
      outOfHoursPhone: null,
      notes: null,
    });
  });

  it('Save Settings records who changed what, and every reader sees the details take effect', async () => {
    const reply = await save({
      ...DEFAULT_AGENCY_SETTINGS,
      appointmentReminders: false,
      recordRetentionYears: 10,
      agencyName: 'Riverside Home Care',
      onCallPhone: '07700 900123',
      safeguardingTeamName: 'Leeds Adult Safeguarding',
      safeguardingTeamPhone: '0113 222 4401',
      safeguardingTeamEmail: ' safeguarding@leeds.example ',
    });
    expect(reply.status, reply.text).toBe(200);

    const view = await get<AgencySettingsView>('/api/settings');
    expect(view.body.settings).toMatchObject({
      appointmentReminders: false,
      recordRetentionYears: 10,
      agencyName: 'Riverside Home Care',
      safeguardingTeamEmail: 'safeguarding@leeds.example',
    });
    expect(view.body.updatedBy).toBe('Ada Admin');
    expect(view.body.revision).toBe('0');

    // A carer's emergency screen and documents read the saved on-call number and safeguarding team.
    const details = await get<AgencyDetailsView>('/api/settings/agency', carer);
    expect(details.body).toMatchObject({
      name: 'Riverside Home Care',
      onCallPhone: '07700 900123',
      safeguardingTeam: { name: 'Leeds Adult Safeguarding', phone: '0113 222 4401' },
    });
    const support = await get<{ onCallPhone: string }>('/api/support', carer);
    expect(support.body.onCallPhone).toBe('07700 900123');

    const history = await get<AgencySettingsChangeView[]>('/api/settings/history');
    expect(history.total).toBe('1');
    expect(history.body[0]!.userName).toBe('Ada Admin');
    expect(history.body[0]!.changes).toContainEqual({
      field: 'appointmentReminders',
      label: 'Appointment reminders',
      value: 'Off',
    });
    expect(history.body[0]!.changes).toContainEqual({
      field: 'recordRetentionYears',
      label: 'Record retention',
      value: '10 years',
    });
    expect(history.body[0]!.changes.map((change) => change.field)).not.toContain('trainingExpiryEmails');
  });

  it('saving an unchanged form records nothing; a stale If-Match is refused with 409', async () => {
    const current = (await get<AgencySettingsView>('/api/settings')).body;
    const again = await save(current.settings);
    expect(again.status).toBe(200);
    expect((await get<unknown[]>('/api/settings/history')).total).toBe('1');
    const stale = await save({ ...current.settings, maintenanceAlerts: false }, stack.command.admin, {
      'If-Match': '"5"',
    });
    expect(stale.status).toBe(409);
  });

  it('refuses a retention not offered, and anyone but an administrator', async () => {
    const bad = await save({ ...DEFAULT_AGENCY_SETTINGS, recordRetentionYears: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.recordRetentionYears).toBe('Record retention must be 5, 7 or 10 years');
    expect((await save(DEFAULT_AGENCY_SETTINGS, coordinator)).status).toBe(403);
    expect((await get('/api/settings', coordinator)).status).toBe(403);
  });
});
