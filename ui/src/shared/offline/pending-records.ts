import type { AppointmentView, CheckInSource } from '@care/events';
import { CHECK_IN_SOURCES } from '@care/events';
import type { OutboxRecord, RecordKind } from './outbox';

/** What the phone's records change in a visit. */
type VisitFields = Pick<AppointmentView, 'id' | 'status' | 'actualStartTime' | 'actualEndTime' | 'checkInSource'>;

/** A visit as the carer's phone knows it: the server's view with the records still waiting to send laid over it. */
export type PendingVisit<V extends VisitFields = AppointmentView> = V & {
  /** What was recorded on this phone and not yet sent, in the order made (empty when nothing waits). */
  readonly waitingToSend: readonly RecordKind[];
};

const stringField = (body: unknown, field: string): string | undefined => {
  const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const sourceOf = (body: unknown): CheckInSource | null =>
  CHECK_IN_SOURCES.find((source) => source === stringField(body, 'source')) ?? null;

function apply<V extends VisitFields>(visit: PendingVisit<V>, record: OutboxRecord): PendingVisit<V> {
  if (record.kind === 'check-in' && (visit.status === 'scheduled' || visit.status === 'missed'))
    return {
      ...visit,
      status: 'in_progress',
      // The time the carer typed, if they typed one; else the moment they tapped Check In.
      actualStartTime: stringField(record.body, 'checkedInAt') ?? record.capturedAt,
      checkInSource: sourceOf(record.body),
      waitingToSend: [...visit.waitingToSend, record.kind],
    };
  if (record.kind === 'check-out' && visit.status === 'in_progress')
    return {
      ...visit,
      status: 'completed',
      actualEndTime: stringField(record.body, 'checkedOutAt') ?? record.capturedAt,
      waitingToSend: [...visit.waitingToSend, record.kind],
    };
  if (record.kind !== 'check-in' && record.kind !== 'check-out')
    return { ...visit, waitingToSend: [...visit.waitingToSend, record.kind] };
  return visit;
}

/**
 * The visits the screen shows, with the phone's waiting records laid over them in the order made: a queued check-in
 * puts the visit in progress from its time, a queued check-out completes it. So a carer without signal can check
 * in, record the doses and check out in one visit. A refused record ("Needs attention") changes nothing.
 */
export function withPendingRecords<V extends VisitFields>(
  visits: readonly V[],
  records: readonly OutboxRecord[],
): PendingVisit<V>[] {
  const waiting = records.filter((record) => record.state === 'waiting').sort((a, b) => a.seq - b.seq);
  return visits.map((visit) =>
    waiting
      .filter((record) => record.visitId === visit.id)
      .reduce<PendingVisit<V>>(apply, { ...visit, waitingToSend: [] }),
  );
}

/** The doses given an outcome on this phone and not yet sent, as `prescriptionId/dueAt`. */
export function pendingDoseKeys(records: readonly OutboxRecord[]): ReadonlySet<string> {
  return new Set(
    records
      .filter((record) => record.state === 'waiting' && record.kind === 'dose' && record.prescriptionId)
      .map((record) => doseKey(record.prescriptionId ?? '', record.dueAt ?? null)),
  );
}

export const doseKey = (prescriptionId: string, dueAt: string | null): string => `${prescriptionId}/${dueAt ?? 'prn'}`;
