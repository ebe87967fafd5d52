/**
 * Which record a stream holds (docs/decisions/0017-generic-history-and-as-of.md): streams are `<kind>-<id>`
 * (docs/decisions/0010-naming-of-streams-ids-and-events.md), so the kind is read from the name and a kind added by a
 * later feature (`prescription-…`, `incident-…`, `care-plan-…`) is known without a line here. The table below only
 * gives kinds whose id is not a uuid, and nicer labels.
 */
const UUID_TAIL = /^(.+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Streams whose id is a value, not a uuid (reservations, per-day bookings): longest prefix first. */
const VALUE_KINDS = [
  'carer-account',
  'carer-bookings',
  'carer-shifts',
  'employee-id',
  'client-id',
  'user-email',
  'alert',
  'contract-number',
  'exchange-rates',
] as const;

const LABELS: Readonly<Record<string, string>> = {
  'diary-entry': 'Diary entry',
  training: 'Training record',
  appointment: 'Visit',
  'voice-note': 'Voice note',
  user: 'User',
  'user-access': 'Sign-ins',
  'user-settings': 'User settings',
  'employee-id': 'Employee ID reservation',
  'client-id': 'Client ID reservation',
  'user-email': 'Email reservation',
  'carer-account': 'Carer account link',
  'carer-bookings': "Carer's day bookings",
  'carer-shifts': "Carer's day shifts",
  'record-views': 'Records viewed',
  'contract-number': 'Contract number reservation',
  'exchange-rates': 'Exchange rates',
};

export interface RecordRef {
  readonly streamId: string;
  readonly kind: string;
  readonly id: string;
  readonly kindLabel: string;
}

export function recordOf(streamId: string): RecordRef {
  const uuid = UUID_TAIL.exec(streamId);
  if (uuid) {
    const kind = uuid[1]!;
    return { streamId, kind, id: uuid[2]!.toLowerCase(), kindLabel: kindLabel(kind) };
  }
  const kind = VALUE_KINDS.find((prefix) => streamId.startsWith(`${prefix}-`)) ?? streamId.split('-')[0]!;
  return { streamId, kind, id: streamId.slice(kind.length + 1), kindLabel: kindLabel(kind) };
}

/** `care-plan` → "Care plan"; a label from the table when it has one. */
export function kindLabel(kind: string): string {
  const known = LABELS[kind];
  if (known) return known;
  const words = kind.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `CarerDetailsChanged` → "Carer details changed". */
export function eventLabel(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
