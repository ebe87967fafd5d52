/** Rows per statement: a few dozen columns each stays far below PostgreSQL's 65,535 parameter limit. */
export const UPSERT_CHUNK = 500;

/**
 * The set-based way a projection applies a batch (docs/decisions/0013-projections-look-after-themselves.md): the rows
 * its events touch are read in a few queries, every event is folded into them in memory, in log order, and the caller
 * writes the touched records back with multi-row upserts. `creates` names the events that start a record (no row to
 * load for them).
 */
export async function foldBatch<Rec extends { id: string }, E>(options: {
  events: readonly E[];
  idOf: (event: E) => string;
  creates: (event: E) => boolean;
  load: (ids: string[]) => Promise<Rec[]>;
  evolve: (current: Rec | undefined, event: E) => Rec | undefined;
}): Promise<Rec[]> {
  const { events, idOf, creates, load, evolve } = options;
  const created = new Set(events.filter(creates).map(idOf));
  const existing = [...new Set(events.map(idOf).filter((id) => !created.has(id)))];
  const records = new Map<string, Rec>();
  for (let start = 0; start < existing.length; start += UPSERT_CHUNK) {
    for (const row of await load(existing.slice(start, start + UPSERT_CHUNK))) records.set(row.id, row);
  }
  const touched = new Set<string>();
  for (const event of events) {
    const next = evolve(records.get(idOf(event)), event);
    if (!next) continue;
    records.set(next.id, next);
    touched.add(next.id);
  }
  return [...touched].map((id) => records.get(id)!);
}

/** `column = excluded.column` for every column: the upsert writes the folded row whole. */
export function excludedColumns<C extends string>(
  eb: { ref(reference: `excluded.${C}`): unknown },
  columns: readonly C[],
) {
  // kysely types doUpdateSet per column; the row is written whole, so every column takes the excluded value.
  return Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)])) as never;
}

/** A timestamptz column as the in-memory records keep it (ISO text), whatever the driver handed back. */
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** An instant written as toISOString writes it (UTC, milliseconds, Z): how events record their times. */
const CANONICAL_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An instant as ISO text in UTC with milliseconds. Text already in that form is returned as it is: a rebuild folds
 * several instants per event, and parsing and printing a Date each time was a tenth of the appointments fold.
 */
export const iso = (value: Date | string): string =>
  typeof value === 'string' && CANONICAL_INSTANT.test(value) ? value : new Date(value).toISOString();
