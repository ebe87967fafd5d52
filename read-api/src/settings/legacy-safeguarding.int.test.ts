import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  positionToToken,
  SAFEGUARDING_CONTACT_STREAM,
  type AgencyDetailsView,
  type AgencySettingsChangeView,
  type AgencySettingsView,
} from '@care/events';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The safeguarding contact in one place: a store that still holds the incidents screen's old `SafeguardingContactSet`
 * events reads them as agency settings (nothing lost, the newest wins), and the old route is gone.
 */
let stack: ReadStack;
let lastPosition = '';

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'settings_legacy');
});

afterAll(async () => {
  await stack?.stop();
});

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${stack.readUrl}${path}`, {
    headers: { cookie: stack.command.admin.cookie, 'x-min-position': lastPosition },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** What the old PUT /api/incidents/safeguarding-contact appended (it is never appended now). */
async function legacyContact(data: {
  teamName: string;
  phone: string | null;
  outOfHoursPhone: string | null;
  email: string | null;
  notes: string | null;
}) {
  const correlationId = randomUUID();
  const metadata = {
    userId: stack.command.admin.id,
    occurredAt: new Date().toISOString(),
    correlationId,
    causationId: correlationId,
  };
  const result = await stack.command.store.append(
    SAFEGUARDING_CONTACT_STREAM,
    [{ eventId: randomUUID(), type: 'SafeguardingContactSet', schemaVersion: 1, data, metadata }],
    'any',
  );
  lastPosition = positionToToken(result.position);
}

describe('the safeguarding contact set by the old incidents form', () => {
  it('reads as the agency settings, notes included, and shows in the settings history; nothing is yet saved to send If-Match for', async () => {
    await legacyContact({
      teamName: 'Leeds Adult Safeguarding',
      phone: '0113 222 4401',
      outOfHoursPhone: null,
      email: 'sg@leeds.example',
      notes: 'Online form first',
    });
    const details = await get<AgencyDetailsView>('/api/settings/agency');
    expect(details.safeguardingTeam).toEqual({
      name: 'Leeds Adult Safeguarding',
      phone: '0113 222 4401',
      email: 'sg@leeds.example',
      outOfHoursPhone: null,
      notes: 'Online form first',
    });
    const view = await get<AgencySettingsView>('/api/settings');
    expect(view.revision).toBeNull();
    expect(view.settings).toMatchObject({
      safeguardingTeamName: 'Leeds Adult Safeguarding',
      safeguardingTeamNotes: 'Online form first',
    });
    const history = await get<AgencySettingsChangeView[]>('/api/settings/history');
    expect(history).toHaveLength(1);
    expect(history[0]!.changes).toContainEqual({
      field: 'safeguardingTeamName',
      label: 'Safeguarding team',
      value: 'Leeds Adult Safeguarding',
    });
  });

  it('a later Save Settings wins field by field; clearing a field only the old form had set is recorded', async () => {
    const current = await get<AgencySettingsView>('/api/settings');
    const reply = await stack.command.admin.request('PUT', '/api/settings', {
      ...current.settings,
      safeguardingTeamPhone: '0113 999 0000',
      safeguardingTeamNotes: '',
    });
    expect(reply.status, reply.text).toBe(200);
    lastPosition = reply.body.position;
    const details = await get<AgencyDetailsView>('/api/settings/agency');
    expect(details.safeguardingTeam).toEqual({
      name: 'Leeds Adult Safeguarding',
      phone: '0113 999 0000',
      email: 'sg@leeds.example',
      outOfHoursPhone: null,
      notes: null,
    });
    expect((await get<AgencySettingsView>('/api/settings')).revision).toBe('0');
    const history = await get<AgencySettingsChangeView[]>('/api/settings/history');
    const fields = history.map((entry) => entry.changes.map((change) => change.field).sort());
    expect(fields).toEqual([
      ['safeguardingTeamNotes', 'safeguardingTeamPhone'],
      expect.arrayContaining(['safeguardingTeamName', 'safeguardingTeamPhone']),
    ]);
  });

  it('the incidents screen has no contact route of its own any more', async () => {
    expect(
      (await stack.command.admin.request('PUT', '/api/incidents/safeguarding-contact', { teamName: 'x' })).status,
    ).toBe(404);
    const response = await fetch(`${stack.readUrl}/api/incidents/safeguarding-contact`, {
      headers: { cookie: stack.command.admin.cookie },
    });
    expect(response.status).toBe(404);
  });
});
