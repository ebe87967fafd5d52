import type { AppointmentVersionView, AppointmentView, VisitLocation } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { enumLabel, formatDate, formatDateTime, formatPounds } from '../../shared/format';
import { errorReason } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { visitHistoryQueryOptions, visitRecordQueryOptions } from '../appointments/get-visit-record';
import { handEnteredNote } from './time-entered-by-hand';
import { VisitStatusBadge } from './visit-status-badge';

interface VisitRecordDialogProps {
  readonly appointmentId: string | undefined;
  readonly onClose: () => void;
}

/** Actions → View: the whole visit record as the read API holds it, and every event in its history. */
export function VisitRecordDialog({ appointmentId, onClose }: VisitRecordDialogProps) {
  return (
    <FormDialog open={appointmentId !== undefined} onOpenChange={(open) => !open && onClose()} title="Visit Record">
      {appointmentId !== undefined && <VisitRecordBody id={appointmentId} />}
    </FormDialog>
  );
}

function VisitRecordBody({ id }: { id: string }) {
  const visit = useQuery(visitRecordQueryOptions(id));
  const history = useQuery(visitHistoryQueryOptions(id));
  if (visit.isPending) return <p role="status">Loading visit record...</p>;
  if (visit.isError) return <p role="alert">Could not load the visit record: {errorReason(visit.error)}</p>;
  return (
    <div className="visit-record" data-testid="visit-record">
      <VisitDetails visit={visit.data} />
      <h3 className="visit-record-heading">History</h3>
      {history.isPending ? (
        <p role="status">Loading history...</p>
      ) : history.isError ? (
        <p role="alert">Could not load the history: {errorReason(history.error)}</p>
      ) : (
        <VisitHistory versions={history.data} />
      )}
    </div>
  );
}

const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const place = (location: VisitLocation | null) =>
  location === null
    ? '—'
    : [location.address, `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`, location.accuracy === null ? null : `±${Math.round(location.accuracy)} m`]
        .filter(Boolean)
        .join(' · ');
const withHandNote = (time: string, entered: AppointmentView['checkInEnteredByHand']) => (entered ? `${time}, ${handEnteredNote(entered)}` : time);
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));

function VisitDetails({ visit }: { visit: AppointmentView }) {
  const rows: [string, string][] = [
    ['Client', `${personName(visit.client)} — ${visit.client.address}`],
    ['Carer', visit.carer ? personName(visit.carer.user) : 'Unassigned'],
    ['Planned', `${formatDate(visit.date)} ${visit.startTime}–${visit.endTime} (${visit.scheduledDuration} min)`],
    ['Care provided', enumLabel(visit.visitType)],
    ['Checked in', visit.actualStartTime ? withHandNote(formatDateTime(visit.actualStartTime), visit.checkInEnteredByHand) : '—'],
    ['Checked out', visit.actualEndTime ? withHandNote(formatDateTime(visit.actualEndTime), visit.checkOutEnteredByHand) : '—'],
    ['Source', orDash(visit.checkInSource)],
    ['Manual input reason', orDash(visit.manualInputReason)],
    ['Check-in location', place(visit.checkInLocation)],
    ['Check-out location', place(visit.checkOutLocation)],
    ['Late arrival', visit.lateArrival ? `Yes${visit.lateReason ? ` — ${visit.lateReason}` : ''}` : 'No'],
    ['Tasks completed', `${visit.tasksCompleted.length} of ${visit.totalTasks}${visit.tasksCompleted.length ? `: ${visit.tasksCompleted.join(', ')}` : ''}`],
    ['Medication given', visit.medicationGiven === null ? '—' : visit.medicationGiven ? 'Yes' : 'No'],
    ['Client mood', visit.clientMood ? enumLabel(visit.clientMood) : '—'],
    ['Health observations', orDash(visit.healthObservations)],
    ['Visit notes', orDash(visit.visitNotes)],
    ['Travel time', visit.travelTime === null ? '—' : `${visit.travelTime} min`],
    ['Mileage', visit.mileage === null ? '—' : `${visit.mileage} miles`],
    ['Expenses', visit.expenses === null ? '—' : formatPounds(visit.expenses / 100)],
    ['Cancellation reason', orDash(visit.cancellationReason)],
  ];
  return (
    <>
      <p className="visit-record-status">
        <VisitStatusBadge status={visit.status} />
        {visit.amended && <span className="badge badge-muted">Amended</span>}
      </p>
      <dl className="details visit-record-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {visit.signature ? (
        <figure className="visit-record-signature">
          <img src={visit.signature} alt={`Signature of ${personName(visit.client)}`} />
          <figcaption className="small muted">Client signature</figcaption>
        </figure>
      ) : (
        <p className="small muted">No signature captured.</p>
      )}
    </>
  );
}

function VisitHistory({ versions }: { versions: AppointmentVersionView[] }) {
  if (versions.length === 0) return <p className="muted">No history recorded.</p>;
  return (
    <ol className="visit-history">
      {versions.map((version) => (
        <li key={version.revision}>
          <strong>{version.action.replace(/([a-z])([A-Z])/g, '$1 $2')}</strong>
          <span className="small muted">
            {' '}
            {formatDateTime(version.occurredAt)} by {version.userName ?? 'an unknown user'}
          </span>
          {typeof version.data.reason === 'string' && <span className="small"> — {version.data.reason}</span>}
        </li>
      ))}
    </ol>
  );
}
