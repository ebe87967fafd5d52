import { humanize } from '../../shared/format';

/** An entry type or priority for display: "care_note" to "Care note". */
export function enumLabel(value: string): string {
  const text = humanize(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
