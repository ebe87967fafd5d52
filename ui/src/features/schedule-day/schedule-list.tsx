import type { AppointmentView } from '@care/events';
import { Clock, MapPin, Pencil, User, X } from 'lucide-react';
import {
  appointmentCarerName,
  appointmentClientName,
  enumLabel,
  isChangeable,
  statusBadgeClass,
  statusLabel,
} from '../../records/appointments/appointment-labels';
import { TravelNote } from '../../shared/travel/travel-note';

interface ScheduleListProps {
  appointments: readonly AppointmentView[];
  onEdit?: ((appointment: AppointmentView) => void) | undefined;
  onCancel?: ((appointment: AppointmentView) => void) | undefined;
}

/** List View: the day's visits by start time. */
export function ScheduleList({ appointments, onEdit, onCancel }: ScheduleListProps) {
  const sorted = [...appointments].sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
  return (
    <ul className="schedule-list" aria-label="Appointments">
      {sorted.map((appointment) => {
        const changeable = isChangeable(appointment);
        return (
          <li key={appointment.id} className="card schedule-item" data-testid="schedule-item">
            <div className="schedule-item-time">
              <span className="schedule-item-clock">
                {appointment.startTime}–{appointment.endTime}
              </span>
              <span className="small muted">
                <Clock size={12} aria-hidden /> {appointment.scheduledDuration} min
              </span>
            </div>
            <div className="schedule-item-body">
              <div className="schedule-item-heading">
                <span className="schedule-item-client">{appointmentClientName(appointment)}</span>
                <span className={statusBadgeClass(appointment.status)}>{statusLabel(appointment.status)}</span>
                <span className="badge badge-muted">{enumLabel(appointment.visitType)}</span>
                {appointment.runningLate && <span className="badge status-missed">Running late</span>}
                {appointment.outsideShift && appointment.carerId && (
                  <span className="badge status-no_show">Outside shift</span>
                )}
              </div>
              <p className="schedule-item-line">
                <MapPin size={14} aria-hidden /> {appointment.client.address}
              </p>
              <p className="schedule-item-line">
                <User size={14} aria-hidden /> {appointmentCarerName(appointment)} · {enumLabel(appointment.priority)}{' '}
                priority
              </p>
              {appointment.travelFromPrevious && (
                <p className="schedule-item-line">
                  <TravelNote visit={appointment} />
                </p>
              )}
              {appointment.notes && <p className="schedule-item-notes">{appointment.notes}</p>}
              {appointment.cancellationReason && (
                <p className="schedule-item-notes">Cancelled: {appointment.cancellationReason}</p>
              )}
            </div>
            {changeable && (onEdit || onCancel) && (
              <div className="schedule-item-actions">
                {onEdit && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => onEdit(appointment)}
                  >
                    <Pencil size={14} aria-hidden />
                    Edit
                  </button>
                )}
                {onCancel && (
                  <button
                    type="button"
                    className="button button-danger-outline button-small"
                    onClick={() => onCancel(appointment)}
                  >
                    <X size={14} aria-hidden />
                    Cancel
                  </button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
