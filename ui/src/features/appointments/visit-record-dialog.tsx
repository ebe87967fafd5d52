import type { AppointmentVersionView, AppointmentView, VisitLocation } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { FormDialog } from '../../shared/form-dialog';
import { enumLabel, formatDate, formatDateTime, formatPounds } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { appointmentCarerName, appointmentClientName, statusBadgeClass, statusLabel } from './appointment-form';
import { visitHistoryQueryOptions, visitRecordQueryOptions } from './get-visit-record';
import { actionLabel, historyDetails } from '../../records/appointments/visit-history';
import './visit-record.css';
import { handEnteredNote } from '../../records/visit-records/time-entered-by-hand';
import { offlineNote } from '../../records/visit-records/recorded-offline';

interface VisitRecordDialogProps {
  /** What the screen calls it: "Visit Report" on Visit Tracking, "Visit Record" on Care Monitoring. */
  readonly title: string;
  /** The visit shown; undefined: closed. */
  readonly appointmentId: string | undefined;
  readonly onClose: () => void;
}

/**
 * One visit's whole record as the read API holds it (GET /:id, with the signature) and every recorded change
 * (GET /:id/history): the same record wherever a screen opens it, under the name that screen gives it.
 */
export function VisitRecordDialog({ title, appointmentId, onClose }: VisitRecordDialogProps) {
  return (
    <FormDialog open={appointmentId !== undefined} onOpenChange={(open) => !open && onClose()} title={title}>
      {appointmentId !== undefined && <VisitRecordBody id={appointmentId} />}
    </FormDialog>
  );
}

function VisitRecordBody({ id }: { id: string }) {
  const record = useQuery(visitRecordQueryOptions(id));
  const history = useQuery(visitHistoryQueryOptions(id));
  if (record.isPending) return <ListLoading what="the visit" />;
  if (record.isError)
    return <ListLoadError what="the visit" error={record.error} onRetry={() => void record.refetch()} />;
  return (
    <div className="visit-record" data-testid="visit-record">
      <VisitDetails visit={record.data} />
      <h3 className="visit-record-heading">History</h3>
      {history.isPending ? (
        <ListLoading what="the history" />
      ) : history.isError ? (
        <ListLoadError what="the history" error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <VisitHistory versions={history.data} />
      )}
    </div>
  );
}

const place = (location: VisitLocation | null) =>
  location === null
    ? '—'
    : [
        location.address,
        `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`,
        location.accuracy === null ? null : `±${Math.round(location.accuracy)} m`,
      ]
        .filter(Boolean)
        .join(' · ');
const withHandNote = (
  time: string,
  entered: AppointmentView['checkInEnteredByHand'],
  offline: AppointmentView['checkInOffline'],
) => (offline ? `${time}, ${offlineNote(offline)}` : entered ? `${time}, ${handEnteredNote(entered)}` : time);
const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

function tasksText(visit: AppointmentView): string {
  if (visit.tasks.length === 0) return 'None';
  const each = visit.tasks.map((task) => `${visit.tasksCompleted.includes(task) ? '✓' : '✗'} ${task}`).join(', ');
  return `${visit.tasksCompleted.length} of ${visit.totalTasks} completed: ${each}`;
}

function VisitDetails({ visit }: { visit: AppointmentView }) {
  const rows: [string, string | number][] = [
    ['Client', `${appointmentClientName(visit)} — ${visit.client.address}`],
    ['Carer', appointmentCarerName(visit)],
    ['Planned', `${formatDate(visit.date)} ${visit.startTime}–${visit.endTime} (${visit.scheduledDuration} min)`],
    ['Visit type', enumLabel(visit.visitType)],
    ['Priority', enumLabel(visit.priority)],
    [
      'Checked in',
      visit.actualStartTime
        ? withHandNote(formatDateTime(visit.actualStartTime), visit.checkInEnteredByHand, visit.checkInOffline)
        : '—',
    ],
    [
      'Checked out',
      visit.actualEndTime
        ? withHandNote(formatDateTime(visit.actualEndTime), visit.checkOutEnteredByHand, visit.checkOutOffline)
        : '—',
    ],
    ['Source', orDash(visit.checkInSource)],
    ['Manual input reason', orDash(visit.manualInputReason)],
    ['Check-in location', place(visit.checkInLocation)],
    ['Check-out location', place(visit.checkOutLocation)],
    ['Late arrival', visit.lateArrival ? `Yes${visit.lateReason ? ` — ${visit.lateReason}` : ''}` : 'No'],
    ['Tasks', tasksText(visit)],
    ['Medication given', yesNo(visit.medicationGiven)],
    ['Client mood', visit.clientMood ? enumLabel(visit.clientMood) : '—'],
    ['Health observations', orDash(visit.healthObservations)],
    [
      'Visit notes',
      visit.visitNotes ? `${visit.visitNotes}${visit.noteSharedWithFamily ? ' (shared with the family)' : ''}` : '—',
    ],
    ['Travel time', visit.travelTime === null ? '—' : `${visit.travelTime} min`],
    ['Mileage', visit.mileage === null ? '—' : `${visit.mileage.toFixed(1)} miles`],
    ['Expenses', visit.expenses === null ? '—' : formatPounds(visit.expenses / 100)],
    ['Documents', visit.documentsUploaded],
    ['Cancellation reason', orDash(visit.cancellationReason)],
  ];
  return (
    <>
      <p className="visit-record-status">
        <span className={statusBadgeClass(visit.status)}>{statusLabel(visit.status)}</span>
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
          <img src={visit.signature} alt={`Signature of ${appointmentClientName(visit)}`} />
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
    <ol className="visit-history" aria-label="History">
      {versions.map((version) => (
        <li key={version.revision}>
          <p>
            <strong>{actionLabel(version.action)}</strong>
            <span className="small muted">
              {' '}
              {formatDateTime(version.occurredAt)} by {version.userName ?? 'an unknown user'}
            </span>
          </p>
          <ul className="small muted">
            {historyDetails(version.data).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
