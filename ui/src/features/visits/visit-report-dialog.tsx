import type { AppointmentVersionView, AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormDialog } from '../../shared/form-dialog';
import { formatDateTime, formatPounds } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { appointmentCarerName, appointmentClientName, enumLabel, statusBadgeClass, statusLabel } from '../appointments/appointment-form';
import { visitHistoryQueryOptions, visitRecordQueryOptions } from '../appointments/get-visit-record';
import { handEnteredNote } from '../monitoring/time-entered-by-hand';

interface VisitReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  visit: AppointmentView | undefined;
}

/** Visit Report: the full record (GET /:id, with the signature) and every recorded change (GET /:id/history). */
export function VisitReportDialog({ open, onOpenChange, visit }: VisitReportDialogProps) {
  return (
    <FormDialog open={open && visit !== undefined} onOpenChange={onOpenChange} title="Visit Report">
      {open && visit && <VisitReport id={visit.id} />}
    </FormDialog>
  );
}

/** "AppointmentCarerAssigned" → "Appointment carer assigned". */
export function actionLabel(action: string): string {
  const words = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An event's recorded values in words, the ids left out (the names are on the record). */
export function historyDetails(data: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || value === null || value === undefined || /Id$/.test(key)) continue;
    const label = enumLabel(key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase());
    const text =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value)
      : Array.isArray(value) ? value.map(String).join(', ') || 'none'
      : typeof value === 'object' ? historyDetails(value as Record<string, unknown>).join('; ')
      : String(value);
    if (text !== '') lines.push(`${label}: ${text}`);
  }
  return lines;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VisitReport({ id }: { id: string }) {
  const record = useQuery(visitRecordQueryOptions(id));
  const history = useQuery(visitHistoryQueryOptions(id));
  if (record.isPending) return <ListLoading what="the visit" />;
  if (record.isError) return <ListLoadError what="the visit" error={record.error} onRetry={() => void record.refetch()} />;
  const visit = record.data;
  const clock = (instant: string | null) => (instant ? formatDateTime(instant) : '—');
  return (
    <div className="visit-report">
      <p className="visit-report-heading">
        <span className={statusBadgeClass(visit.status)}>{statusLabel(visit.status)}</span>
        <strong>{appointmentClientName(visit)}</strong> with {appointmentCarerName(visit)}
        {visit.amended && <span className="badge badge-muted">Amended</span>}
      </p>
      <dl className="details visit-report-details">
        <Row label="Address">{visit.client.address}</Row>
        <Row label="Visit type">{enumLabel(visit.visitType)}</Row>
        <Row label="Priority">{enumLabel(visit.priority)}</Row>
        <Row label="Scheduled">
          {formatDateTime(visit.scheduledDate)}–{visit.endTime} ({visit.scheduledDuration} min)
        </Row>
        <Row label="Checked in">
          {clock(visit.actualStartTime)}
          {visit.checkInEnteredByHand && `, ${handEnteredNote(visit.checkInEnteredByHand)}`}
        </Row>
        <Row label="Checked out">
          {clock(visit.actualEndTime)}
          {visit.checkOutEnteredByHand && `, ${handEnteredNote(visit.checkOutEnteredByHand)}`}
        </Row>
        <Row label="Recorded from">{visit.checkInSource ?? '—'}</Row>
        {visit.manualInputReason && <Row label="Manual entry reason">{visit.manualInputReason}</Row>}
        <Row label="Late arrival">{visit.lateArrival ? `Yes${visit.lateReason ? `: ${visit.lateReason}` : ''}` : 'No'}</Row>
        <Row label="Tasks">{visit.tasks.length === 0 ? 'None' : visit.tasks.map((task) => `${visit.tasksCompleted.includes(task) ? '✓' : '✗'} ${task}`).join(', ')}</Row>
        <Row label="Medication given">{visit.medicationGiven === null ? '—' : visit.medicationGiven ? 'Yes' : 'No'}</Row>
        <Row label="Client mood">{visit.clientMood ? enumLabel(visit.clientMood) : '—'}</Row>
        <Row label="Health observations">{visit.healthObservations ?? '—'}</Row>
        <Row label="Visit notes">{visit.visitNotes ?? '—'}</Row>
        <Row label="Travel time">{visit.travelTime === null ? '—' : `${visit.travelTime} min`}</Row>
        <Row label="Mileage">{visit.mileage === null ? '—' : `${visit.mileage.toFixed(1)} miles`}</Row>
        <Row label="Expenses">{visit.expenses === null ? '—' : formatPounds(visit.expenses / 100)}</Row>
        <Row label="Documents">{visit.documentsUploaded}</Row>
        {visit.cancellationReason && <Row label="Cancellation reason">{visit.cancellationReason}</Row>}
      </dl>
      {visit.signature && (
        <figure className="visit-signature">
          <img src={visit.signature} alt="Signature captured at check-out" />
          <figcaption className="small muted">Signed off</figcaption>
        </figure>
      )}
      <h3 className="card-title">History</h3>
      {history.isPending ? (
        <ListLoading what="the history" />
      ) : history.isError ? (
        <ListLoadError what="the history" error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <ol className="visit-history" aria-label="History">
          {history.data.map((version: AppointmentVersionView) => (
            <li key={version.revision}>
              <p>
                <strong>{actionLabel(version.action)}</strong>
                <span className="muted">
                  {' '}
                  {formatDateTime(version.occurredAt)}
                  {version.userName ? ` · ${version.userName}` : ''}
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
      )}
    </div>
  );
}
