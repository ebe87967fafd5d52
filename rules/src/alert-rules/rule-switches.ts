import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** A rule an administrator switched off: the note its open alerts are resolved with says who and why. */
export interface SwitchedOff {
  readonly note: string;
}

/** The projection of the switches (projector/src/alerts/rule-switch-projection.ts): the runner waits for it. */
export const RULE_SWITCHES_PROJECTION = 'alert_rule_switches';

/**
 * The rules switched off for the agency now, by name. Before the switches' read model is first built (a new
 * installation's first seconds) no rule is off.
 */
export async function switchedOffRules(db: Kysely<ReadModelDatabase>): Promise<Map<string, SwitchedOff>> {
  try {
    const rows = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alert_rule_switches as s')
      .leftJoin('users as u', (join) => join.on(sql`u.id::text`, '=', sql.ref('s.changed_by')))
      .where('s.on', '=', false)
      .select(['s.rule', 's.reason', 'u.first_name', 'u.last_name'])
      .execute();
    return new Map(
      rows.map((row) => {
        const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || 'an administrator';
        return [row.rule, { note: `The rule was switched off by ${name}: ${row.reason}` }];
      }),
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === '42P01') return new Map();
    throw error;
  }
}
