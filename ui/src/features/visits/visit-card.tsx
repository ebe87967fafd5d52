import { londonToday, type AppointmentView } from '@care/events';
import {
  CalendarClock,
  CheckCircle2,
  FileText,
  MapPin,
  Navigation,
  Phone,
  PenLine,
  Smartphone,
  User,
} from 'lucide-react';
import { toLondonInputValue } from '../../shared/london-time';
import {
  appointmentCarerName,
  appointmentClientName,
  enumLabel,
  statusBadgeClass,
  statusLabel,
} from '../../records/appointments/appointment-labels';
import { telHref } from './contact-numbers';
import { taskProgress, visitMinutes } from './visit-figures';
import { handEnteredNote } from '../../records/visit-records/time-entered-by-hand';
import { offlineNote } from '../../records/visit-records/recorded-offline';
import { appSignalText } from '../../records/visit-records/app-signal';

/** HH:mm of an instant on the London clock. */
const clockOf = (instant: string | null) => (instant ? toLondonInputValue(instant).slice(11) : '');

interface VisitCardProps {
  visit: AppointmentView;
  carerPhone: string | undefined;
  clientPhone: string | undefined;
  onReport: (visit: AppointmentView) => void;
  /** Absent when the user may not reschedule, or the visit has started. */
  onReschedule?: ((visit: AppointmentView) => void) | undefined;
}

/**
 * A check-in or check-out time typed in by hand, beside the server's time it was recorded at; or one recorded on
 * the carer's phone offline, beside the time the server received it.
 */
function HandEnteredTimes({ visit }: { visit: AppointmentView }) {
  const notes = [
    visit.checkInEnteredByHand && `Check-in ${handEnteredNote(visit.checkInEnteredByHand)}`,
    visit.checkOutEnteredByHand && `Check-out ${handEnteredNote(visit.checkOutEnteredByHand)}`,
    visit.checkInOffline && `Check-in ${offlineNote(visit.checkInOffline)}`,
    visit.checkOutOffline && `Check-out ${offlineNote(visit.checkOutOffline)}`,
  ].filter(Boolean);
  if (notes.length === 0) return null;
  return (
    <p className="visit-line visit-manual" data-testid="time-entered-by-hand">
      <PenLine size={14} aria-hidden /> {notes.join(' · ')}
    </p>
  );
}

/** Where the check-in was recorded: a verified position, a manual entry with its reason, or nothing yet. */
function CheckInVerification({ visit }: { visit: AppointmentView }) {
  if (visit.checkInSource === 'Manual') {
    return (
      <p className="visit-line visit-manual">
        <PenLine size={14} aria-hidden /> Manual check-in: {visit.manualInputReason ?? 'no reason given'}
      </p>
    );
  }
  if (visit.checkInLocation) {
    const { accuracy, address } = visit.checkInLocation;
    return (
      <p className="visit-line visit-verified">
        <CheckCircle2 size={14} aria-hidden /> Location verified
        {accuracy !== null && ` (±${Math.round(accuracy)} m)`}
        {address && ` · ${address}`}
      </p>
    );
  }
  if (visit.actualStartTime) {
    return (
      <p className="visit-line muted">
        <MapPin size={14} aria-hidden /> Checked in without a location
      </p>
    );
  }
  return null;
}

/** One visit on Visit Tracking: what was planned, what happened, and how it was recorded. */
export function VisitCard({ visit, carerPhone, clientPhone, onReport, onReschedule }: VisitCardProps) {
  const tasks = taskProgress(visit);
  const duration = visitMinutes(visit);
  const location = visit.checkInLocation;
  return (
    <article
      className="card visit-card"
      data-testid="visit-card"
      aria-label={`${appointmentClientName(visit)}, ${visit.startTime}`}
    >
      <header className="visit-card-header">
        <span className={statusBadgeClass(visit.status)}>{statusLabel(visit.status)}</span>
        <span className="badge badge-muted">{enumLabel(visit.visitType)}</span>
        {visit.lateArrival && <span className="badge status-missed">Late Arrival</span>}
        {visit.runningLate && visit.status === 'scheduled' && (
          <span className="badge status-no_show">Running late</span>
        )}
        {visit.signedOff && (
          <span className="badge badge-success" title="Signed off">
            <CheckCircle2 size={12} aria-hidden /> Signed off
          </span>
        )}
      </header>

      <div className="visit-people">
        <h3 className="visit-client">{appointmentClientName(visit)}</h3>
        <p className="visit-line">
          <MapPin size={14} aria-hidden /> {visit.client.address}
        </p>
        <p className="visit-line">
          <User size={14} aria-hidden /> {appointmentCarerName(visit)}
        </p>
        {visit.carer && visit.date === londonToday() && (
          <p className="visit-line muted" data-testid="app-signal">
            <Smartphone size={14} aria-hidden /> {appSignalText(visit.carerAppLastOnline, new Date())}
          </p>
        )}
      </div>

      <dl className="visit-times">
        <div>
          <dt>Scheduled</dt>
          <dd>
            {visit.startTime}–{visit.endTime}
          </dd>
        </div>
        <div>
          <dt>Actual</dt>
          <dd>
            {visit.actualStartTime
              ? `${clockOf(visit.actualStartTime)}–${clockOf(visit.actualEndTime) || 'now'}`
              : 'Not started'}
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{duration.minutes} min</dd>
        </div>
        <div>
          <dt>Travel time</dt>
          <dd>{visit.travelTime === null ? '—' : `${visit.travelTime} min`}</dd>
        </div>
        <div>
          <dt>Documents</dt>
          <dd>{visit.documentsUploaded}</dd>
        </div>
      </dl>

      {visit.lateArrival && <p className="visit-late-reason">Late reason: {visit.lateReason ?? 'not given'}</p>}
      <CheckInVerification visit={visit} />
      <HandEnteredTimes visit={visit} />

      <div className="visit-tasks">
        <div className="visit-tasks-label">
          <span>Tasks</span>
          <span data-testid="visit-task-progress">
            {tasks.done}/{tasks.total}
          </span>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label="Task progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={tasks.percent}
        >
          <span className="progress-bar" style={{ width: `${tasks.percent}%` }} />
        </div>
      </div>

      {visit.visitNotes && (
        <p className="visit-notes">
          {visit.visitNotes}
          {visit.noteSharedWithFamily && <span className="visit-note-shared"> · Shared with the family</span>}
        </p>
      )}
      {visit.cancellationReason && <p className="visit-notes">Cancelled: {visit.cancellationReason}</p>}

      <footer className="card-actions visit-actions">
        <button type="button" className="button button-secondary button-small" onClick={() => onReport(visit)}>
          <FileText size={14} aria-hidden />
          Visit Report
        </button>
        {onReschedule && (
          <button type="button" className="button button-secondary button-small" onClick={() => onReschedule(visit)}>
            <CalendarClock size={14} aria-hidden />
            Reschedule
          </button>
        )}
        {carerPhone && (
          <a className="button button-ghost button-small" href={telHref(carerPhone)}>
            <Phone size={14} aria-hidden />
            Contact Carer
          </a>
        )}
        {clientPhone && (
          <a className="button button-ghost button-small" href={telHref(clientPhone)}>
            <Phone size={14} aria-hidden />
            Contact Client
          </a>
        )}
        {location && visit.status === 'in_progress' && (
          <a
            className="button button-ghost button-small"
            href={`https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=17/${location.latitude}/${location.longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            <Navigation size={14} aria-hidden />
            Check-in Location
          </a>
        )}
      </footer>
    </article>
  );
}
