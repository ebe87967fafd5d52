import type { Kysely, Selectable } from 'kysely';
import { positionToToken, type ProjectionStatusView } from '@care/events';
import {
  projections,
  READ_MODEL_SCHEMA,
  type ProjectionDeadLettersTable,
  type ProjectionStatusTable,
  type ReadModelDatabase,
} from '@care/projector';

const token = (commit: string | null, prepare: string | null) =>
  commit === null || prepare === null ? null : positionToToken({ commit: BigInt(commit), prepare: BigInt(prepare) });
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * GET /api/status/projections: every registered projection's health, from its status row
 * (docs/decisions/0013-projections-look-after-themselves.md).
 */
export async function projectionStatuses(db: Kysely<ReadModelDatabase>): Promise<ProjectionStatusView[]> {
  const scoped = db.withSchema(READ_MODEL_SCHEMA);
  const [rows, letters] = await Promise.all([
    scoped.selectFrom('projection_status').selectAll().execute(),
    scoped.selectFrom('projection_dead_letters').selectAll().orderBy('skipped_at').execute(),
  ]);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return projections.map((projection) =>
    viewOf(projection.name, projection.version, byName.get(projection.name), letters),
  );
}

function viewOf(
  name: string,
  version: number,
  row: Selectable<ProjectionStatusTable> | undefined,
  letters: readonly Selectable<ProjectionDeadLettersTable>[],
): ProjectionStatusView {
  const lagEvents = row?.lag_events === null || row?.lag_events === undefined ? null : Number(row.lag_events);
  const rebuilding = row?.rebuild_version !== null && row?.rebuild_version !== undefined;
  const done = Number(row?.rebuild_events ?? 0);
  return {
    name,
    version,
    servedVersion: row?.version ?? 0,
    // Not started yet: it is built from zero on the projector's next start.
    state: row?.state ?? 'rebuilding',
    checkpoint: token(row?.commit_position ?? '0', row?.prepare_position ?? '0') ?? '0.0',
    lagEvents,
    lagSeconds: row?.lag_seconds ?? null,
    measuredAt: iso(row?.measured_at ?? null),
    rebuild:
      row && rebuilding
        ? {
            version: row.rebuild_version!,
            checkpoint: token(row.rebuild_commit, row.rebuild_prepare),
            eventsDone: done,
            percent:
              lagEvents === null ? null : Math.min(100, Math.floor((done / Math.max(1, done + lagEvents)) * 1000) / 10),
            startedAt: iso(row.rebuild_started_at),
          }
        : null,
    stalled:
      row?.stalled_event_id && row.stalled_event_type && row.stalled_error
        ? {
            eventId: row.stalled_event_id,
            type: row.stalled_event_type,
            position: token(row.stalled_commit, row.stalled_prepare) ?? '',
            error: row.stalled_error,
            at: iso(row.stalled_at) ?? '',
          }
        : null,
    deadLetters: letters
      .filter((letter) => letter.projection === name)
      .map((letter) => ({
        eventId: letter.event_id,
        type: letter.event_type,
        reason: letter.reason,
        skippedBy: letter.skipped_by,
        skippedAt: letter.skipped_at.toISOString(),
      })),
  };
}
