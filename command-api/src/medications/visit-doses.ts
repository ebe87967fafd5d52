import {
  clientPrescriptionsStreamId,
  dosesBetween,
  doseLabel,
  MEDICATION_LIMITS,
  parseRecordedEvent,
  prescriptionStreamId,
  type EventStore,
  type PrescriptionEvent,
} from '@care/events';
import { loadStream } from '../shared/event-stream';
import { evolve, initialPrescriptionState, type PrescriptionState } from './prescription-state';

export interface VisitDose {
  readonly prescriptionId: string;
  readonly name: string;
  readonly dueAt: string;
  /** null: no outcome recorded yet. */
  readonly status: string | null;
}

const WINDOW_MS = MEDICATION_LIMITS.doseWindowMinutes * 60_000;

/**
 * The scheduled doses that belong to a visit: due from an hour before its planned start to an hour after its
 * planned end, and whose window has opened by `now`. Read from the client's index stream and each prescription's
 * own stream (the command side never reads a read model).
 */
export async function visitDoses(
  store: EventStore,
  clientId: string,
  plannedStart: string,
  plannedEnd: string,
  now: string,
): Promise<VisitDose[]> {
  const index = (await store.readStream(clientPrescriptionsStreamId(clientId))).map(parseRecordedEvent);
  const ids = [
    ...new Set(
      index.flatMap((event) => (event.type === 'ClientPrescriptionListed' ? [event.data.prescriptionId] : [])),
    ),
  ];
  const from = new Date(Date.parse(plannedStart) - WINDOW_MS).toISOString();
  const until = Math.min(Date.parse(plannedEnd) + WINDOW_MS, Date.parse(now) + WINDOW_MS + 1);
  if (until <= Date.parse(from)) return [];
  const to = new Date(until).toISOString();
  const doses: VisitDose[] = [];
  for (const id of ids) {
    const { state } = await loadStream<PrescriptionEvent, PrescriptionState>(
      store,
      prescriptionStreamId(id),
      evolve,
      initialPrescriptionState,
    );
    if (!state.exists) continue;
    for (const dose of dosesBetween(state.schedule, from, to)) {
      const recordId = state.byDue.get(dose.dueAt);
      const record = recordId === undefined ? undefined : state.records.get(recordId);
      doses.push({ prescriptionId: id, name: state.details.name, dueAt: dose.dueAt, status: record?.status ?? null });
    }
  }
  return doses.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

/** "Amlodipine 08:00 on 10/03/2026, Metformin 08:00 on 10/03/2026": the doses a check-out refusal names. */
export function dosesText(doses: readonly VisitDose[]): string {
  return doses.map((dose) => `${dose.name} ${doseLabel(dose.dueAt)}`).join(', ');
}
