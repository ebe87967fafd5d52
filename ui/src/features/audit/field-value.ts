/** A field's value as a person reads it: absent as an em dash, lists and objects as JSON. */
export function fieldValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}
