import { can, londonToday, type AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Activity, CalendarDays, Clock, List, Plus, Rows3, Users } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { useIsMobile } from '../../shared/use-is-mobile';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { AppointmentFormDialog, CancelAppointmentDialog } from '../appointments';
import { defaultStartFor } from '../../records/appointments/appointment-labels';
import {
  appointmentsQueryOptions,
  appointmentSummaryQueryOptions,
} from '../../records/appointments/appointment-queries';
import { formatLongDate } from './long-date';
import { ScheduleList } from './schedule-list';
import { ScheduleTimeline } from './schedule-timeline';
import './schedule-day.css';
import { StatCard } from '../../shared/stat-card';
import { DateInput, isIsoDate } from '../../shared/date-fields/date-input';

type View = 'timeline' | 'list';
type FormState = { open: boolean; appointment?: AppointmentView | undefined };
type CancelState = { open: boolean; appointment?: AppointmentView | undefined };

/** Daily Schedule; also /appointments, the dashboard's "View All". */
export function ScheduleDayPage() {
  const canWrite = can(useCurrentUser().role, 'appointments.write');
  const [date, setDate] = useState(() => londonToday());
  // A phone has no room for a timeline of the day: it opens on the list by time, until the user picks a view.
  const isMobile = useIsMobile();
  const [chosenView, setView] = useState<View>();
  const view = chosenView ?? (isMobile ? 'list' : 'timeline');
  const [form, setForm] = useState<FormState>({ open: false });
  const [cancelling, setCancelling] = useState<CancelState>({ open: false });
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const appointments = useQuery({ ...appointmentsQueryOptions({ date }), enabled: validDate });
  const summary = useQuery({ ...appointmentSummaryQueryOptions({ date }), enabled: validDate });

  const figure = (read: (value: NonNullable<typeof summary.data>) => string) =>
    summary.data ? read(summary.data) : summary.isError ? '—' : '…';
  const onEdit = canWrite ? (appointment: AppointmentView) => setForm({ open: true, appointment }) : undefined;
  const onCancel = canWrite ? (appointment: AppointmentView) => setCancelling({ open: true, appointment }) : undefined;

  return (
    <section className="page schedule-day-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Daily Schedule</h1>
          <p className="page-subtitle" data-testid="schedule-long-date">
            <CalendarDays size={16} aria-hidden />
            {validDate ? formatLongDate(date) : 'Choose a date'}
          </p>
        </div>
        <div className="schedule-header-actions">
          <label className="schedule-date">
            <span className="sr-only">Date</span>
            <DateInput
              value={date}
              onChange={(event) => isIsoDate(event.target.value) && setDate(event.target.value)}
              aria-label="Date"
            />
          </label>
          {canWrite && (
            <button type="button" className="button button-primary" onClick={() => setForm({ open: true })}>
              <Plus size={16} aria-hidden />
              Add Appointment
            </button>
          )}
        </div>
      </div>

      <div className="stat-grid schedule-stats">
        <StatCard
          className="schedule-stat"
          icon={<CalendarDays size={22} />}
          label="Total Appointments"
          value={figure((data) => String(data.total))}
          testId="schedule-total"
        />
        <StatCard
          className="schedule-stat"
          icon={<Users size={22} />}
          label="Active Carers"
          value={figure((data) => String(data.activeCarers))}
          testId="schedule-active-carers"
        />
        <StatCard
          className="schedule-stat"
          icon={<Clock size={22} />}
          label="Total Hours"
          value={figure((data) => `${data.totalHours.toFixed(1)} h`)}
          testId="schedule-total-hours"
        />
        <StatCard
          className="schedule-stat"
          icon={<Activity size={22} />}
          label="In Progress"
          value={figure((data) => String(data.inProgress))}
          testId="schedule-in-progress"
        />
      </div>

      <div className="view-toggle" role="group" aria-label="View">
        <button
          type="button"
          className={`view-toggle-button${view === 'timeline' ? ' active' : ''}`}
          aria-pressed={view === 'timeline'}
          onClick={() => setView('timeline')}
        >
          <Rows3 size={16} aria-hidden />
          Timeline View
        </button>
        <button
          type="button"
          className={`view-toggle-button${view === 'list' ? ' active' : ''}`}
          aria-pressed={view === 'list'}
          onClick={() => setView('list')}
        >
          <List size={16} aria-hidden />
          List View
        </button>
      </div>

      {!validDate ? (
        <div className="card empty-state">
          <p>Choose a date to see its schedule.</p>
        </div>
      ) : appointments.isPending ? (
        <ListLoading what="appointments" />
      ) : appointments.isError ? (
        <ListLoadError what="appointments" error={appointments.error} onRetry={() => void appointments.refetch()} />
      ) : appointments.data.length === 0 ? (
        <div className="card empty-state">
          <CalendarDays size={36} aria-hidden className="empty-icon" />
          <p>No appointments scheduled for this day</p>
          {canWrite && (
            <button type="button" className="button button-primary" onClick={() => setForm({ open: true })}>
              <Plus size={16} aria-hidden />
              Add Appointment
            </button>
          )}
        </div>
      ) : view === 'timeline' ? (
        <ScheduleTimeline appointments={appointments.data} onEdit={onEdit} />
      ) : (
        <ScheduleList appointments={appointments.data} onEdit={onEdit} onCancel={onCancel} />
      )}

      {canWrite && (
        <>
          <AppointmentFormDialog
            open={form.open}
            appointment={form.appointment}
            title="Add Appointment"
            defaultStart={validDate ? defaultStartFor(date, new Date()) : undefined}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
          />
          <CancelAppointmentDialog
            open={cancelling.open}
            appointment={cancelling.appointment}
            onOpenChange={(open) => setCancelling((current) => ({ ...current, open }))}
          />
        </>
      )}
    </section>
  );
}
