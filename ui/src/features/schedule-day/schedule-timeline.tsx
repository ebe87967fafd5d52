import type { AppointmentView } from '@care/events';
import type { CSSProperties } from 'react';
import { appointmentClientName, isChangeable, statusLabel } from '../../records/appointments/appointment-labels';
import { MIN_HOUR_WIDTH_PX, timelineAxis, timelineRows } from './timeline-layout';
import { TravelNote } from '../../shared/travel/travel-note';

interface ScheduleTimelineProps {
  appointments: readonly AppointmentView[];
  /** Opens a visit for editing; absent when the user may not change appointments. */
  onEdit?: ((appointment: AppointmentView) => void) | undefined;
}

/**
 * What each block colour means: a block is coloured by its visit's status (schedule-day.css, .timeline-<status>).
 * Missed and No Show share the red of a visit that did not happen.
 */
export const TIMELINE_KEY = [
  { className: 'timeline-scheduled', label: statusLabel('scheduled') },
  { className: 'timeline-in_progress', label: statusLabel('in_progress') },
  { className: 'timeline-completed', label: statusLabel('completed') },
  { className: 'timeline-missed', label: `${statusLabel('missed')} or ${statusLabel('no_show').toLowerCase()}` },
  { className: 'timeline-cancelled', label: statusLabel('cancelled') },
] as const;

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Timeline View: one row per carer (and Unassigned) on a bar of the hours in use, from an hour before the first
 * visit to an hour after the last. The bar keeps at least MIN_HOUR_WIDTH_PX per hour and scrolls sideways inside
 * its card when the day is longer than the screen; the carers' names stay in view.
 */
export function ScheduleTimeline({ appointments, onEdit }: ScheduleTimelineProps) {
  const axis = timelineAxis(appointments);
  const rows = timelineRows(appointments, axis);
  const hours = Array.from({ length: axis.endHour - axis.startHour }, (_, index) => axis.startHour + index);
  const at = (hour: number) => `${((hour - axis.startHour) / hours.length) * 100}%`;
  const gridStyle = { '--track-min': `${hours.length * MIN_HOUR_WIDTH_PX}px` } as CSSProperties;
  return (
    <div className="card timeline-card">
      <div className="timeline-top">
        <ul className="timeline-key" aria-label="Colour key">
          {TIMELINE_KEY.map(({ className, label }) => (
            <li key={className}>
              <span className={`timeline-key-swatch ${className}`} aria-hidden />
              {label}
            </li>
          ))}
        </ul>
        <p className="timeline-range" data-testid="timeline-range">
          Hours shown: {clock(axis.startHour)}–{clock(axis.endHour)}
        </p>
      </div>
      <div className="timeline" role="region" aria-label="Timeline" tabIndex={0}>
        <div className="timeline-grid" style={gridStyle}>
          <div className="timeline-row timeline-hours" aria-hidden>
            <span className="timeline-label" />
            <div className="timeline-track">
              {hours.map((hour) => (
                <span key={hour} className="timeline-hour" style={{ left: at(hour) }}>
                  {clock(hour)}
                </span>
              ))}
            </div>
          </div>
          {rows.map((row) => (
            <div key={row.key} className="timeline-row" data-testid="timeline-row">
              <span className="timeline-label">{row.label}</span>
              <div className="timeline-track" style={{ '--lanes': row.lanes } as CSSProperties}>
                {hours.map((hour) => (
                  <span key={hour} className="timeline-gridline" style={{ left: at(hour) }} aria-hidden />
                ))}
                {row.blocks.map(({ appointment, left, width, lane }) => {
                  const text = `${appointmentClientName(appointment)}, ${appointment.startTime}–${appointment.endTime}, ${statusLabel(appointment.status)}`;
                  const style = { left: `${left}%`, width: `${width}%`, '--lane': lane } as CSSProperties;
                  // The name is the visible text plus the status for screen readers (WCAG 2.5.3: the visible words are in it).
                  const content = (
                    <>
                      {onEdit && isChangeable(appointment) && <span className="sr-only">Edit </span>}
                      <span className="timeline-block-client">{appointmentClientName(appointment)}</span>
                      <span className="sr-only">, </span>
                      <span className="timeline-block-time">
                        {appointment.startTime}–{appointment.endTime}
                      </span>
                      <span className="sr-only">, {statusLabel(appointment.status)}</span>
                      {appointment.travelFromPrevious && <span className="sr-only">, </span>}
                      <TravelNote visit={appointment} compact />
                    </>
                  );
                  const className = `timeline-block timeline-${appointment.status}${appointment.travelFromPrevious ? ' timeline-block-with-travel' : ''}`;
                  return onEdit && isChangeable(appointment) ? (
                    <button
                      key={appointment.id}
                      type="button"
                      className={className}
                      style={style}
                      title={text}
                      data-testid="timeline-block"
                      onClick={() => onEdit(appointment)}
                    >
                      {content}
                    </button>
                  ) : (
                    <div
                      key={appointment.id}
                      className={className}
                      style={style}
                      title={text}
                      data-testid="timeline-block"
                    >
                      {content}
                    </div>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
