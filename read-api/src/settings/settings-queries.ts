import type { Kysely } from 'kysely';
import {
  AGENCY_SETTING_LABELS,
  DEFAULT_AGENCY_SETTINGS,
  type AgencyDetailsView,
  type AgencySettings,
  type AgencySettingsChangeView,
  type AgencySettingsView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { AgencyContacts } from '../shared/agency-contacts';
import type { Page } from '../shared/paging';

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '(not set)'
    : typeof value === 'boolean'
      ? value
        ? 'On'
        : 'Off'
      : String(value);

/** The agency's settings from the settings projection, laid over the defaults (spec: every notification on, 7 years). */
export class SettingsQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  async current(): Promise<AgencySettingsView> {
    const row = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('agency_settings')
      .leftJoin('users', (join) =>
        join.on((eb) => eb(eb.cast('users.id', 'text'), '=', eb.ref('agency_settings.updated_by'))),
      )
      .select([
        'agency_settings.settings',
        'agency_settings.revision',
        'agency_settings.updated_at',
        'users.first_name',
        'users.last_name',
      ])
      .where('agency_settings.id', '=', 1)
      .executeTakeFirst();
    if (!row) return { settings: DEFAULT_AGENCY_SETTINGS, revision: null, updatedAt: null, updatedBy: null };
    return {
      settings: { ...DEFAULT_AGENCY_SETTINGS, ...row.settings },
      // -1: only the legacy safeguarding contact so far, nothing saved on `agency-settings` yet (no If-Match to send).
      revision: String(row.revision) === '-1' ? null : String(row.revision),
      updatedAt: row.updated_at.toISOString(),
      updatedBy: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
    };
  }

  async settings(): Promise<AgencySettings> {
    return (await this.current()).settings;
  }

  /** The agency's details: each saved value, else the configuration's (AGENCY_ON_CALL_PHONE), else null. */
  async details(defaults: AgencyContacts): Promise<AgencyDetailsView> {
    const s = await this.settings();
    return {
      name: s.agencyName,
      address: s.agencyAddress,
      phone: s.agencyPhone,
      email: s.agencyEmail,
      onCallPhone: s.onCallPhone ?? defaults.onCallPhone,
      safeguardingTeam: {
        name: s.safeguardingTeamName,
        phone: s.safeguardingTeamPhone,
        email: s.safeguardingTeamEmail,
        outOfHoursPhone: s.safeguardingOutOfHoursPhone,
        notes: s.safeguardingTeamNotes,
      },
    };
  }

  /** Every Save Settings that changed something, newest first, with who and what. */
  async history(page: Page): Promise<{ rows: AgencySettingsChangeView[]; total: number }> {
    const scoped = this.db.withSchema(READ_MODEL_SCHEMA);
    const [rows, total] = await Promise.all([
      scoped
        .selectFrom('agency_settings_changes')
        .leftJoin('users', (join) =>
          join.on((eb) => eb(eb.cast('users.id', 'text'), '=', eb.ref('agency_settings_changes.user_id'))),
        )
        .select([
          'agency_settings_changes.user_id',
          'agency_settings_changes.changes',
          'agency_settings_changes.occurred_at',
          'users.first_name',
          'users.last_name',
        ])
        .orderBy('agency_settings_changes.occurred_at', 'desc')
        .orderBy('agency_settings_changes.event_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      scoped
        .selectFrom('agency_settings_changes')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.total),
      rows: rows.map((row) => ({
        at: row.occurred_at.toISOString(),
        userId: row.user_id,
        userName: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
        changes: (Object.keys(row.changes) as (keyof AgencySettings)[]).map((field) => ({
          field,
          label: AGENCY_SETTING_LABELS[field],
          value: field.endsWith('RetentionYears')
            ? `${shown(row.changes[field])} years`
            : field.endsWith('Minutes')
              ? `${shown(row.changes[field])} minutes`
              : shown(row.changes[field]),
        })),
      })),
    };
  }
}
