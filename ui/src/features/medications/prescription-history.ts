import { ukDate, type PrescriptionVersionView } from '@care/events';

/** One line of a version: a field's name, what it was before (null: it is the first version) and what it became. */
export interface FieldChange {
  readonly label: string;
  readonly before: string | null;
  readonly after: string;
}

export interface HistoryEntry {
  readonly revision: string;
  readonly what: string;
  readonly at: string;
  readonly by: string | null;
  readonly reason: string | null;
  readonly fields: readonly FieldChange[];
}

const WHAT: Record<string, string> = {
  MedicationPrescribed: 'Prescribed',
  PrescriptionChanged: 'Changed',
  PrescriptionPaused: 'Paused',
  PrescriptionResumed: 'Resumed',
  PrescriptionDiscontinued: 'Discontinued',
};

const LABELS: Record<string, string> = {
  name: 'Medication',
  strength: 'Strength',
  form: 'Form',
  route: 'Route',
  dosage: 'Dosage',
  frequency: 'Frequency',
  doseTimes: 'Dose times',
  prescribedBy: 'Prescribed by',
  startDate: 'Start date',
  endDate: 'End date',
  reviewDate: 'Review date',
  instructions: 'Instructions',
  timeCritical: 'Time-critical',
  supportLevel: 'Support',
  witnessRequired: 'Second person witnesses each dose',
  controlledDrug: 'Controlled drug',
  overTheCounter: 'Over the counter',
  prn: 'When required (PRN)',
  covert: 'Covert administration',
  sideEffects: 'Side effects',
  interactions: 'Interactions',
  allergyOverride: 'Prescribed despite an allergy',
};

const ORDER = Object.values(LABELS);
const rank = (label: string) => (ORDER.includes(label) ? ORDER.indexOf(label) : ORDER.length);

/** A field a person reads: camelCase keys the history has no label for yet still read as words. */
const labelOf = (key: string) =>
  LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

/** ISO dates as UK users read them (yyyy-mm-dd to dd/mm/yyyy); other texts as they are. */
const ukIfDate = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? ukDate(text) : text);

export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ukIfDate(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(displayValue).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('dose' in record && 'minIntervalMinutes' in record) {
      return `${displayValue(record.dose)} for ${displayValue(record.reason)}, at least ${displayValue(record.minIntervalMinutes)} minutes apart, at most ${displayValue(record.maxDosesIn24h)} in 24 hours`;
    }
    if ('reason' in record && 'allergies' in record)
      return `${displayValue(record.allergies)}: ${displayValue(record.reason)}`;
    return Object.entries(record)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '')
      .map(([key, inner]) => `${labelOf(key)}: ${displayValue(inner)}`)
      .join('; ');
  }
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The prescription's versions as a person reads them, oldest first: what happened, who, when and why, and field by
 * field what it was before and what it became. The API keeps each change's new values; the values before come from
 * folding the versions in order.
 */
export function historyEntries(versions: readonly PrescriptionVersionView[]): HistoryEntry[] {
  let current: Record<string, unknown> = {};
  return versions.map((version) => {
    const fields: FieldChange[] = [];
    const first = version.type === 'MedicationPrescribed';
    for (const [key, after] of Object.entries(version.changes)) {
      if (key === 'allergyOverride' && (after === null || after === undefined)) continue;
      if (!first && same(current[key], after)) continue;
      if (first && (after === null || after === undefined || after === '')) continue;
      fields.push({
        label: labelOf(key),
        before: first ? null : displayValue(current[key]),
        after: displayValue(after),
      });
    }
    // In the order a prescription is read (the form's order), whatever order the event kept them in.
    fields.sort((a, b) => rank(a.label) - rank(b.label));
    current = first ? { ...version.changes } : { ...current, ...version.changes };
    return {
      revision: version.revision,
      what: WHAT[version.type] ?? labelOf(version.type),
      at: version.at,
      by: version.by,
      reason: version.reason,
      fields,
    };
  });
}
