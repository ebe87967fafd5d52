import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../read-model/database';

type Db = Kysely<ReadModelDatabase>;
type RollupTable = 'report_days' | 'report_carer_days' | 'report_client_days' | 'report_shift_days' | 'report_diary_days';
type Row = Record<string, string | number | null>;

/** Sums keyed by a roll-up row's key columns; a contribution is added (+1) after and taken away (−1) before. */
export class Deltas {
  private readonly rows = new Map<string, Row>();

  constructor(
    private readonly keys: readonly string[],
    private readonly measures: readonly string[],
  ) {}

  add(key: Row, measures: Readonly<Record<string, number>>, sign: 1 | -1): void {
    const id = this.keys.map((column) => String(key[column])).join('|');
    const row = this.rows.get(id) ?? { ...key, ...Object.fromEntries(this.measures.map((measure) => [measure, 0])) };
    for (const measure of this.measures) row[measure] = Number(row[measure]) + sign * (measures[measure] ?? 0);
    this.rows.set(id, row);
  }

  /** Rows whose sums moved (a visit that changed nothing a figure reads writes nothing). */
  changed(): Row[] {
    return [...this.rows.values()].filter((row) => this.measures.some((measure) => row[measure] !== 0));
  }
}

/**
 * Adds the deltas into a roll-up table with one upsert per chunk, then deletes the rows of this batch's keys left at
 * zero, so a live table and a rebuilt one hold the same rows (rebuild equals live, DESIGN.md decision 11). The table
 * name is a parameter, so the row type is checked by the callers' Deltas rather than by kysely here.
 */
export async function writeDeltas(db: Db, table: RollupTable, keys: readonly string[], measures: readonly string[], deltas: Deltas): Promise<void> {
  const rows = deltas.changed();
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db
      .insertInto(table)
      .values(chunk as never)
      .onConflict((oc) =>
        oc.columns(keys as never).doUpdateSet((eb) =>
          Object.fromEntries(measures.map((measure) => [measure, eb(eb.ref(`${table}.${measure}` as never), '+', eb.ref(`excluded.${measure}` as never))])) as never,
        ),
      )
      .execute();
    const shrunk = chunk.filter((row) => measures.some((measure) => Number(row[measure]) < 0));
    if (shrunk.length === 0) continue;
    await db
      .deleteFrom(table)
      .where((eb) => eb.and(measures.map((measure) => eb(measure as never, '=', 0 as never))))
      .where((eb) =>
        eb.or(shrunk.map((row) => eb.and(keys.map((key) => (row[key] === null ? eb(key as never, 'is', null) : eb(key as never, '=', row[key] as never)))))),
      )
      .execute();
  }
}
