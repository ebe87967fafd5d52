import { addDays, can, londonToday, type AppointmentView, type ShiftView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import {
  CalendarDays,
  CalendarRange,
  ChevronLeft,
  ChevronRight,
  ClipboardList,
  Download,
  Filter,
  Plus,
  Users,
} from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { formatDate } from '../../shared/format';
import { useCurrentUser } from '../../shared/current-user';
import { useIsMobile } from '../../shared/use-is-mobile';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { Tabs, type TabItem } from '../../shared/tabs';
import {
  appointmentsQueryOptions,
  appointmentSummaryQueryOptions,
  APPOINTMENTS_PATH,
  withQuery,
} from '../../records/appointments/appointment-queries';
import { AssignCarerDialog } from './assign-carer-dialog';
import { CancelShiftDialog } from './cancel-shift-dialog';
import { CarerRoster } from './carer-roster';
import { FilterPanel } from './filter-panel';
import { schedulingCarersQueryOptions } from './get-carers';
import { shiftsQueryOptions } from './get-shifts';
import { MonthlyView } from './monthly-view';
import { NewShiftDialog } from './new-shift-dialog';
import { useRotaLeave } from './rota-leave';
import { weekOf } from './rota-dates';
import { availableCarers, shiftCounts } from './rota-figures';
import { activeFilterCount, filterShifts, filterVisits, NO_FILTER, type RotaFilter } from './rota-filter';
import { SummaryCards } from './summary-cards';
import { VisitAssignments } from './visit-assignments';
import { WeekDayList } from './week-day-list';
import { WeeklyView } from './weekly-view';
import { WorkingTimeFlags, workingTimeQueryOptions } from './working-time';
import './scheduling.css';
import { DateInput, isIsoDate } from '../../shared/date-fields/date-input';

type RotaTab = 'weekly' | 'monthly' | 'roster' | 'assignments';

const NO_VISITS: AppointmentView[] = [];
const NO_SHIFTS: ShiftView[] = [];

/** Scheduling & Rotas: the week's rota of shifts and visits, live. */
export function SchedulingPage() {
  const role = useCurrentUser().role;
  const canPlanShifts = can(role, 'shifts.write');
  const canAssign = can(role, 'appointments.write');
  const today = londonToday();
  const isMobile = useIsMobile();
  const [date, setDate] = useState(today);
  const [tab, setTab] = useState<RotaTab>('weekly');
  const [filter, setFilter] = useState<RotaFilter>(NO_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const [newShiftOpen, setNewShiftOpen] = useState(false);
  const [assigning, setAssigning] = useState<AppointmentView>();

  const days = useMemo(() => weekOf(date), [date]);
  const week = { from: days[0]!, to: days[6]! };
  const carers = useQuery(schedulingCarersQueryOptions);
  const visits = useQuery(appointmentsQueryOptions(week));
  const shifts = useQuery(shiftsQueryOptions(week));
  const summary = useQuery(appointmentSummaryQueryOptions(week));
  const leave = useRotaLeave(days, filter.carerId);
  // Each carer's booked hours this week against their weekly hours limit (the over-the-limit flags).
  const workingTime = useQuery({ ...workingTimeQueryOptions(days[0]!), enabled: can(role, 'appointments.read') });

  const [cancellingShift, setCancellingShift] = useState<ShiftView>();
  const onCancelShift = canPlanShifts ? setCancellingShift : undefined;

  const carerList = carers.data ?? [];
  const weekVisits = visits.data ?? NO_VISITS;
  const weekShifts = shifts.data ?? NO_SHIFTS;
  const counts = shifts.data ? shiftCounts(shifts.data) : undefined;
  const loaded = carers.data && visits.data && shifts.data;
  const filteredVisits = useMemo(() => filterVisits(weekVisits, filter), [weekVisits, filter]);
  const filteredShifts = useMemo(() => filterShifts(weekShifts, filter), [weekShifts, filter]);
  const exportUrl = withQuery(`${APPOINTMENTS_PATH}/export.csv`, { ...week, carerId: filter.carerId || undefined });
  const filters = activeFilterCount(filter);

  const weekData = (render: () => ReactNode) =>
    carers.isError ? (
      <ListLoadError what="carers" error={carers.error} onRetry={() => void carers.refetch()} />
    ) : visits.isError ? (
      <ListLoadError what="visits" error={visits.error} onRetry={() => void visits.refetch()} />
    ) : shifts.isError ? (
      <ListLoadError what="shifts" error={shifts.error} onRetry={() => void shifts.refetch()} />
    ) : !loaded ? (
      <ListLoading what="the rota" />
    ) : (
      render()
    );

  const tabs: TabItem<RotaTab>[] = [
    {
      value: 'weekly',
      label: 'Weekly View',
      icon: CalendarDays,
      render: () =>
        weekData(() => {
          const rota = {
            days,
            today,
            selected: date,
            visits: filteredVisits,
            shifts: filteredShifts,
            onCancelShift,
            leave,
          };
          // A phone has no room for seven columns: the week becomes a list of days.
          return (
            <>
              <WorkingTimeFlags workingTime={workingTime.data} carers={carerList} carerId={filter.carerId} />
              {isMobile ? <WeekDayList {...rota} /> : <WeeklyView {...rota} />}
            </>
          );
        }),
    },
    {
      value: 'monthly',
      label: 'Monthly View',
      icon: CalendarRange,
      render: () => (
        <MonthlyView
          date={date}
          today={today}
          carerId={filter.carerId}
          onOpenDay={(day) => {
            setDate(day);
            setTab('weekly');
          }}
        />
      ),
    },
    {
      value: 'roster',
      label: 'Carer Roster',
      icon: Users,
      render: () =>
        weekData(() => (
          <CarerRoster
            carers={carerList}
            visits={filterVisits(weekVisits, { ...filter, carerId: '' })}
            shifts={weekShifts}
            carerId={filter.carerId}
            onCancelShift={onCancelShift}
            workingTime={workingTime.data}
          />
        )),
    },
    {
      value: 'assignments',
      label: 'Visit Assignments',
      icon: ClipboardList,
      render: () => <VisitAssignments today={today} onAssign={canAssign ? setAssigning : undefined} />,
    },
  ];

  return (
    <section className="page scheduling-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Scheduling &amp; Rotas</h1>
          <p className="page-subtitle">
            Week of {formatDate(days[0])} to {formatDate(days[6])}
          </p>
        </div>
        <div className="rota-actions">
          <button
            type="button"
            className={`button button-secondary${filterOpen ? ' rota-button-on' : ''}`}
            aria-expanded={filterOpen}
            onClick={() => setFilterOpen((open) => !open)}
          >
            <Filter size={16} aria-hidden />
            Filter
            {filters > 0 && <span className="badge badge-success">{filters}</span>}
          </button>
          <a className="button button-secondary" href={exportUrl} download={`visits-${week.from}-to-${week.to}.csv`}>
            <Download size={16} aria-hidden />
            Export
          </a>
          {canPlanShifts && (
            <button type="button" className="button button-primary" onClick={() => setNewShiftOpen(true)}>
              <Plus size={16} aria-hidden />
              New Shift
            </button>
          )}
        </div>
      </div>

      <div className="toolbar rota-week-picker">
        <button
          type="button"
          className="button button-secondary button-icon-only"
          aria-label="Previous week"
          onClick={() => setDate(addDays(date, -7))}
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <DateInput
          className="input rota-date"
          aria-label="Week of"
          value={date}
          required
          onChange={(event) => isIsoDate(event.target.value) && setDate(event.target.value)}
        />
        <button
          type="button"
          className="button button-secondary button-icon-only"
          aria-label="Next week"
          onClick={() => setDate(addDays(date, 7))}
        >
          <ChevronRight size={16} aria-hidden />
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={date === today}
          onClick={() => setDate(today)}
        >
          Today
        </button>
      </div>

      {filterOpen && <FilterPanel carers={carerList} filter={filter} onChange={setFilter} />}

      <SummaryCards
        summary={{
          weekStart: week.from,
          date,
          totalShifts: shifts.isError ? null : counts?.total,
          confirmed: shifts.isError ? null : counts?.confirmed,
          pending: shifts.isError ? null : counts?.pending,
          unassigned: summary.isError ? null : summary.data?.unassigned,
          available:
            carers.isError || visits.isError || shifts.isError
              ? null
              : loaded
                ? availableCarers(carerList, weekShifts, weekVisits, date).length
                : undefined,
        }}
      />

      <Tabs label="Rota views" tabs={tabs} value={tab} onValueChange={setTab} />

      {canPlanShifts && (
        <NewShiftDialog open={newShiftOpen} onOpenChange={setNewShiftOpen} date={date} carers={carerList} />
      )}
      {canPlanShifts && <CancelShiftDialog shift={cancellingShift} onClose={() => setCancellingShift(undefined)} />}
      {canAssign && <AssignCarerDialog visit={assigning} carers={carerList} onClose={() => setAssigning(undefined)} />}
    </section>
  );
}
