import { can, MEDICATION_LIMITS, type AppointmentView } from '@care/events';
import { Pill } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { AdministerDialog, doseTargetOf, type DoseTarget } from './administer-dialog';
import { useClientMedications, useDueDoses } from './medication-api';
import { formatDue } from './medication-format';
import { doseKey, pendingDoseKeys } from '../../shared/offline/pending-records';
import { useOutboxRecords } from '../../shared/offline/use-outbox';
import './medications.css';

const WINDOW_MS = MEDICATION_LIMITS.doseWindowMinutes * 60_000;

/**
 * The carer's side during an in-progress visit: the client's doses due in the visit window and their
 * PRN medicines, each recorded here. Check-out is refused by the server while one of these has no outcome.
 */
export function VisitMedications({ visit }: { visit: AppointmentView }) {
  const role = useCurrentUser().role;
  const due = useDueDoses(visit.clientId);
  const medicines = useClientMedications(visit.clientId);
  const [recording, setRecording] = useState<DoseTarget | null>(null);
  const onPhone = pendingDoseKeys(useOutboxRecords());
  if (!can(role, 'medications.administer')) return null;
  const from = Date.parse(visit.scheduledDate) - WINDOW_MS;
  const to = Date.parse(visit.scheduledEnd) + WINDOW_MS;
  const inVisit = (due.data ?? []).filter((dose) => Date.parse(dose.dueAt) >= from && Date.parse(dose.dueAt) < to);
  // An outcome recorded on this phone and not yet sent counts as recorded: the carer goes on to the next dose.
  const doses = inVisit.filter((dose) => !onPhone.has(doseKey(dose.prescriptionId, dose.dueAt)));
  const waiting = inVisit.filter((dose) => onPhone.has(doseKey(dose.prescriptionId, dose.dueAt)));
  const prn = (medicines.data ?? []).filter((medicine) => medicine.prn !== null);
  // A client with no medicines at all: nothing to show; one with medicines says that every due dose has an outcome.
  if (due.isPending || (inVisit.length === 0 && (medicines.data ?? []).length === 0)) return null;
  return (
    <section className="visit-medications" aria-label="Medications in this visit" data-testid="visit-medications">
      <h3 className="visit-medications-title">
        <Pill size={16} aria-hidden /> Medications
      </h3>
      {doses.length > 0 ? (
        <p className="small" role="status">
          {doses.length === 1
            ? '1 dose still needs an outcome before check-out'
            : `${doses.length} doses still need an outcome before check-out`}
        </p>
      ) : (
        <p className="small muted">Every dose due in this visit has an outcome.</p>
      )}
      <ul className="visit-dose-list">
        {waiting.map((dose) => (
          <li key={`${dose.prescriptionId}/${dose.dueAt}`} className="visit-dose" data-testid="visit-dose-waiting">
            <span>
              <strong>{dose.medicationName}</strong> {dose.strength} · due {formatDue(dose.dueAt)}
              <span className="small"> · recorded on this phone, waiting to send</span>
            </span>
          </li>
        ))}
        {doses.map((dose) => (
          <li key={`${dose.prescriptionId}/${dose.dueAt}`} className="visit-dose" data-testid="visit-dose">
            <span>
              <strong>{dose.medicationName}</strong> {dose.strength} · {dose.dosage}
              <span className="small muted"> due {formatDue(dose.dueAt)}</span>
              {dose.instructions && <span className="small muted"> · {dose.instructions}</span>}
            </span>
            <button
              type="button"
              className="button button-primary"
              onClick={() => setRecording(doseTargetOf(dose, visit.id))}
              aria-label={`Record ${dose.medicationName} due ${dose.time}`}
            >
              Record
            </button>
          </li>
        ))}
        {prn.map((medicine) => (
          <li key={medicine.id} className="visit-dose">
            <span>
              <strong>{medicine.name}</strong> {medicine.strength} · when required: {medicine.prn?.reason}
              <span className="small muted">
                {' '}
                (at most {medicine.prn?.maxDosesIn24h} in 24 hours, {medicine.prn?.minIntervalMinutes} minutes apart)
              </span>
              {medicine.prn?.signsToLookFor && <span className="small"> Signs: {medicine.prn.signsToLookFor}.</span>}
              {medicine.prn?.tryFirst && <span className="small"> Try first: {medicine.prn.tryFirst}.</span>}
              {medicine.covert && <span className="small"> Given covertly: {medicine.covert.plan}</span>}
            </span>
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                setRecording({
                  prescriptionId: medicine.id,
                  medicationName: medicine.name,
                  clientName: medicine.clientName,
                  dueAt: null,
                  appointmentId: visit.id,
                  witnessRequired: medicine.witnessRequired,
                })
              }
            >
              Give PRN dose
            </button>
          </li>
        ))}
      </ul>
      <AdministerDialog dose={recording} onClose={() => setRecording(null)} />
    </section>
  );
}
