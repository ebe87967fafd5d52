import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../read-model/database';
import type { AlertRecord } from './alert-record';

interface Share {
  readonly carer_id: string | null;
  readonly status: AlertRecord['status'];
  readonly severity: AlertRecord['severity'];
  readonly audience: AlertRecord['audience'];
  readonly grouped: boolean;
}

const keyOf = (share: Share) =>
  `${share.carer_id}|${share.status}|${share.severity}|${share.audience}|${share.grouped}`;
const shareOf = (record: AlertRecord): Share => ({
  carer_id: record.carer_id,
  status: record.status,
  severity: record.severity,
  audience: record.audience,
  grouped: record.group_key !== null,
});

/**
 * How many alerts each carer has in each status, severity and audience, grouped or not: the dashboard's Alerts figures and the live bell sum a
 * few hundred of these rows instead of counting thousands of alerts. A batch moves each touched alert from the
 * share it had to the one it has; an emptied share is deleted, so live and rebuilt tables hold the same rows.
 */
export async function applyAlertTotals(
  db: Kysely<ReadModelDatabase>,
  before: ReadonlyMap<string, AlertRecord>,
  after: readonly AlertRecord[],
): Promise<void> {
  const deltas = new Map<string, Share & { alerts: number }>();
  const add = (share: Share, sign: 1 | -1) => {
    const delta = deltas.get(keyOf(share)) ?? { ...share, alerts: 0 };
    delta.alerts += sign;
    deltas.set(keyOf(share), delta);
  };
  for (const record of after) {
    const previous = before.get(record.id);
    if (previous) add(shareOf(previous), -1);
    add(shareOf(record), 1);
  }
  const rows = [...deltas.values()].filter((row) => row.alerts !== 0);
  if (rows.length === 0) return;
  await db
    .insertInto('alert_totals')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['carer_id', 'status', 'severity', 'audience', 'grouped'])
        .doUpdateSet((eb) => ({ alerts: eb('alert_totals.alerts', '+', eb.ref('excluded.alerts')) })),
    )
    .execute();
  const shrunk = rows.filter((row) => row.alerts < 0);
  if (shrunk.length === 0) return;
  await db
    .deleteFrom('alert_totals')
    .where('alerts', '=', 0)
    .where((eb) =>
      eb.or(
        shrunk.map((row) =>
          eb.and([
            eb('carer_id', row.carer_id === null ? 'is' : '=', row.carer_id),
            eb('status', '=', row.status),
            eb('severity', '=', row.severity),
            eb('audience', '=', row.audience),
            eb('grouped', '=', row.grouped),
          ]),
        ),
      ),
    )
    .execute();
}
