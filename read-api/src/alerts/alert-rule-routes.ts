import Router from '@koa/router';
import type { Kysely } from 'kysely';
import { ALERT_RULE_CATALOGUE, type AlertRuleView } from '@care/events';
import { requirePermission } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { peopleNamed } from '../shared/people';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

/** Every alert rule, in the registry's order, with whether it is on and its latest switch; and the stream's revision. */
export async function alertRules(db: Kysely<ReadModelDatabase>): Promise<{ rules: AlertRuleView[]; revision: string }> {
  const rows = await db.withSchema(READ_MODEL_SCHEMA).selectFrom('alert_rule_switches').selectAll().execute();
  const switched = new Map(rows.map((row) => [row.rule, row]));
  const person = await peopleNamed(
    db,
    rows.map((row) => row.changed_by),
  );
  const rules = Object.entries(ALERT_RULE_CATALOGUE).map(([name, { label, severity }]): AlertRuleView => {
    const row = switched.get(name);
    return {
      name,
      label,
      severity,
      on: row?.on ?? true,
      changedBy: row ? person(row.changed_by) : null,
      changedAt: row?.changed_at.toISOString() ?? null,
      reason: row?.reason ?? null,
    };
  });
  // Every row carries the stream's latest revision (-1: nothing switched yet, what If-Match expects then).
  return { rules, revision: rows[0] ? String(rows[0].revision) : '-1' };
}

/**
 * GET /api/alert-rules (staff: alerts.read): the rules, which are switched off for the agency, by whom, when and
 * why. ETag: the switches stream's revision, for If-Match on POST /api/alert-rules/switch-off and /switch-on.
 */
export function alertRuleRoutes({ db }: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/alert-rules' });
  router.get('/', requirePermission('alerts.read'), async (ctx) => {
    const { rules, revision } = await alertRules(db);
    ctx.set('ETag', `"${revision}"`);
    ctx.body = rules;
  });
  return router;
}
