/**
 * The fields of a partial change that carry a value: a request or event leaves out what it does not change, and
 * an explicit `undefined` must not overwrite what a record holds.
 */
export function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/**
 * The requested fields that differ from the current record (compared by value, so lists and nested objects with
 * the same content count as unchanged): what a "changed" event records, and nothing when the edit changes nothing.
 */
export function changedFields<T extends object>(current: T, requested: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(requested) as (keyof T)[]) {
    const value = requested[key];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[key])) changes[key] = value;
  }
  return changes;
}
