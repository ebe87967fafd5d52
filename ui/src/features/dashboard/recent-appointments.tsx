import { can, londonToday, type AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { errorReason } from '../../shared/api';
import { humanize } from '../../shared/format';
import { lazyNamed } from '../../shared/lazy-named';
import {
  appointmentClientName,
  defaultStartFor,
  enumLabel,
  statusBadgeClass,
} from '../../records/appointments/appointment-labels';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import './recent-appointments.css';

/** The scheduling form (and Radix Dialog) is fetched on the first "Schedule Appointment", not with the dashboard. */
const AppointmentFormDialog = lazyNamed(() => import('../appointments'), 'AppointmentFormDialog');

/** The dashboard shows the first 5 of today's appointments; "View All" opens the rest. */
export const RECENT_APPOINTMENTS_LIMIT = 5;

function AppointmentRow({ appointment }: { appointment: AppointmentView }) {
  return (
    <li className="recent-appointment" data-testid="recent-appointment">
      <span className="recent-appointment-time">{appointment.startTime}</span>
      <span className="recent-appointment-text">
        <span className="recent-appointment-client">{appointmentClientName(appointment)}</span>
        <span className="small muted">{enumLabel(appointment.appointmentType)}</span>
      </span>
      {/* The status with underscores replaced by spaces. */}
      <span className={statusBadgeClass(appointment.status)}>{humanize(appointment.status)}</span>
    </li>
  );
}

/** The dashboard's Recent Appointments block, for roles that read appointments. */
export function RecentAppointments() {
  const role = useCurrentUser().role;
  if (!can(role, 'appointments.read') && !can(role, 'appointments.readOwn')) return null;
  return <RecentAppointmentsCard canSchedule={can(role, 'appointments.write')} />;
}

function RecentAppointmentsCard({ canSchedule }: { canSchedule: boolean }) {
  const appointments = useQuery(appointmentsQueryOptions({ today: true, limit: RECENT_APPOINTMENTS_LIMIT }));
  const [scheduling, setScheduling] = useState(false);
  return (
    <section className="card recent-appointments" aria-labelledby="recent-appointments-title">
      <header className="recent-appointments-header">
        <h2 id="recent-appointments-title" className="card-title">
          <CalendarDays size={18} aria-hidden />
          Recent Appointments
        </h2>
        <div className="recent-appointments-actions">
          {canSchedule && (
            <button type="button" className="button button-secondary button-small" onClick={() => setScheduling(true)}>
              <Plus size={14} aria-hidden />
              Schedule Appointment
            </button>
          )}
          <Link to="/appointments" className="button button-ghost button-small">
            View All
          </Link>
        </div>
      </header>
      {appointments.isPending ? (
        <p className="muted recent-appointments-empty" role="status">
          Loading appointments...
        </p>
      ) : appointments.isError ? (
        <p className="field-error recent-appointments-empty" role="alert">
          Could not load appointments: {errorReason(appointments.error)}
        </p>
      ) : appointments.data.length === 0 ? (
        <p className="muted recent-appointments-empty">No appointments scheduled for today</p>
      ) : (
        <ul className="recent-appointment-list">
          {appointments.data.slice(0, RECENT_APPOINTMENTS_LIMIT).map((appointment) => (
            <AppointmentRow key={appointment.id} appointment={appointment} />
          ))}
        </ul>
      )}
      {canSchedule && scheduling && (
        <Suspense fallback={null}>
          <AppointmentFormDialog
            open
            onOpenChange={setScheduling}
            title="Schedule Appointment"
            defaultStart={defaultStartFor(londonToday(), new Date())}
          />
        </Suspense>
      )}
    </section>
  );
}
