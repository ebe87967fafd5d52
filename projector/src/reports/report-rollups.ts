import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../read-model/database';
import { deleteRows, writeRows } from '../shared/bulk-rows';

type Db = Kysely<ReadModelDatabase>;
type RollupTable =
  | 'report_days'
  | 'report_carer_days'
  | 'report_client_days'
  | 'report_shift_days'
  | 'report_diary_days';
type Key = Readonly<Record<string, string | null>>;
type Row = Record<string, string | number | null>;

/**
 * Sums keyed by a roll-up row's key columns; a contribution is added (+1) after and taken away (−1) before. The sums
 * are kept in plain arrays in the order of `measures` (a rebuild adds a few contributions per visit, hundreds of
 * thousands a batch).
 */
export class Deltas {
  private readonly sums = new Map<string, { key: Key; sums: number[] }>();

  constructor(
    readonly keys: readonly string[],
    readonly measures: readonly string[],
  ) {}

  add(key: Key, contribution: object, sign: 1 | -1): void {
    const measures = contribution as Readonly<Record<string, number | undefined>>;
    let id = '';
    for (const column of this.keys) id += `${key[column]}|`;
    let entry = this.sums.get(id);
    if (!entry) {
      entry = { key, sums: this.measures.map(() => 0) };
      this.sums.set(id, entry);
    }
    for (let m = 0; m < this.measures.length; m += 1) entry.sums[m]! += sign * (measures[this.measures[m]!] ?? 0);
  }

  /** Rows whose sums moved (a visit that changed nothing a figure reads writes nothing). */
  changed(): Row[] {
    const rows: Row[] = [];
    for (const { key, sums } of this.sums.values()) {
      if (sums.every((sum) => sum === 0)) continue;
      // Copied property by property: adding a dozen properties to a spread copy left V8 with a slow object
      // (10 µs a row, a second of a rebuild).
      const row: Row = {};
      for (const column of this.keys) row[column] = key[column] ?? null;
      for (let m = 0; m < this.measures.length; m += 1) row[this.measures[m]!] = sums[m]!;
      rows.push(row);
    }
    return rows;
  }
}

/**
 * Adds the deltas into a roll-up table with one upsert, then deletes the rows of this batch's keys left at zero, so a
 * live table and a rebuilt one hold the same rows (rebuild equals live,
 * docs/decisions/0013-projections-look-after-themselves.md).
 */
export async function writeDeltas(db: Db, table: RollupTable, deltas: Deltas): Promise<void> {
  const rows = deltas.changed();
  await writeRows(db, table, rows, { key: deltas.keys, onConflict: 'add' });
  // Only a row that lost something can be left with nothing.
  const shrunk = rows.filter((row) => deltas.measures.some((measure) => Number(row[measure]) < 0));
  const zero = Object.fromEntries(deltas.measures.map((measure) => [measure, 0]));
  await deleteRows(
    db,
    table,
    shrunk.map((row) => Object.fromEntries(deltas.keys.map((key) => [key, row[key]]))),
    deltas.keys,
    zero,
  );
}
