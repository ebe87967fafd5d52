import type { AppointmentView } from '@care/events';
import { useEffect, useRef, type CSSProperties } from 'react';
import { appointmentClientName, isChangeable, statusLabel } from '../../records/appointments/appointment-labels';
import { earliestStart, MINUTES_PER_DAY, timelineRows } from './timeline-layout';

const HOUR_MARKS = [0, 3, 6, 9, 12, 15, 18, 21] as const;

interface ScheduleTimelineProps {
  appointments: readonly AppointmentView[];
  /** Opens a visit for editing; absent when the user may not change appointments. */
  onEdit?: ((appointment: AppointmentView) => void) | undefined;
}

/** Timeline View: one row per carer (and Unassigned) on a 24-hour bar. */
export function ScheduleTimeline({ appointments, onEdit }: ScheduleTimelineProps) {
  const rows = timelineRows(appointments);
  const scroller = useRef<HTMLDivElement>(null);
  const first = earliestStart(appointments);
  // On a screen narrower than the day, open at the first visit (an hour before it) rather than at midnight.
  useEffect(() => {
    const container = scroller.current;
    const track = container?.querySelector<HTMLElement>('.timeline-row:not(.timeline-hours) .timeline-track');
    if (!container || !track || first === undefined || container.scrollWidth <= container.clientWidth) return;
    container.scrollLeft = Math.max(0, ((first - 60) / MINUTES_PER_DAY) * track.clientWidth);
  }, [first]);
  return (
    <div ref={scroller} className="card timeline" role="region" aria-label="Timeline" tabIndex={0}>
      <div className="timeline-grid">
        <div className="timeline-row timeline-hours" aria-hidden>
          <span className="timeline-label" />
          <div className="timeline-track">
            {HOUR_MARKS.map((hour) => (
              <span key={hour} className="timeline-hour" style={{ left: `${(hour / 24) * 100}%` }}>
                {String(hour).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
        {rows.map((row) => (
          <div key={row.key} className="timeline-row" data-testid="timeline-row">
            <span className="timeline-label">{row.label}</span>
            <div className="timeline-track" style={{ '--lanes': row.lanes } as CSSProperties}>
              {HOUR_MARKS.map((hour) => (
                <span key={hour} className="timeline-gridline" style={{ left: `${(hour / 24) * 100}%` }} aria-hidden />
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
                  </>
                );
                const className = `timeline-block timeline-${appointment.status}`;
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
  );
}
