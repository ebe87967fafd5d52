import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, CalendarClock, CalendarDays, UserCheck, UserX } from 'lucide-react';
import { formatDate } from '../../shared/format';
import { StatCard } from '../../shared/stat-card';

export interface RotaSummary {
  readonly weekStart: string;
  readonly date: string;
  /** undefined while loading; null when it could not be loaded. */
  readonly totalShifts: number | undefined | null;
  readonly confirmed: number | undefined | null;
  readonly pending: number | undefined | null;
  readonly unassigned: number | undefined | null;
  readonly available: number | undefined | null;
}

/** The summary cards of Scheduling & Rotas, every figure computed from the API (none fixed). */
export function SummaryCards({ summary }: { summary: RotaSummary }) {
  const week = `Week of ${formatDate(summary.weekStart)}`;
  return (
    <div className="stat-grid rota-stats">
      <RotaStat
        icon={CalendarDays}
        label="Total Shifts"
        value={summary.totalShifts}
        note={week}
        testId="total-shifts"
      />
      <RotaStat
        icon={CalendarCheck}
        label="Confirmed"
        value={summary.confirmed}
        note={week}
        testId="confirmed-shifts"
      />
      <RotaStat icon={CalendarClock} label="Pending" value={summary.pending} note={week} testId="pending-shifts" />
      <RotaStat
        icon={UserX}
        label="Unassigned Visits"
        value={summary.unassigned}
        note={week}
        testId="unassigned-visits"
      />
      <RotaStat
        icon={UserCheck}
        label="Available Carers"
        value={summary.available}
        note={`No shift or visit on ${formatDate(summary.date)}`}
        testId="available-carers"
      />
    </div>
  );
}

/** A rota figure: '…' while loading, '—' when it cannot be worked out. */
function RotaStat(props: {
  icon: LucideIcon;
  label: string;
  value: number | undefined | null;
  note: string;
  testId: string;
}) {
  const Icon = props.icon;
  const value = props.value === undefined ? '…' : props.value === null ? '—' : props.value;
  return (
    <StatCard
      className="rota-stat"
      icon={<Icon size={22} />}
      label={props.label}
      value={value}
      note={props.note}
      testId={props.testId}
    />
  );
}
