import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, CalendarClock, CalendarDays, UserCheck, UserX } from 'lucide-react';
import { formatDate } from '../../shared/format';

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
      <StatCard icon={CalendarDays} label="Total Shifts" value={summary.totalShifts} note={week} testId="total-shifts" />
      <StatCard icon={CalendarCheck} label="Confirmed" value={summary.confirmed} note={week} testId="confirmed-shifts" />
      <StatCard icon={CalendarClock} label="Pending" value={summary.pending} note={week} testId="pending-shifts" />
      <StatCard icon={UserX} label="Unassigned Visits" value={summary.unassigned} note={week} testId="unassigned-visits" />
      <StatCard
        icon={UserCheck}
        label="Available Carers"
        value={summary.available}
        note={`No shift or visit on ${formatDate(summary.date)}`}
        testId="available-carers"
      />
    </div>
  );
}

function StatCard(props: { icon: LucideIcon; label: string; value: number | undefined | null; note: string; testId: string }) {
  const Icon = props.icon;
  return (
    <div className="card stat-card rota-stat">
      <span className="stat-icon" aria-hidden>
        <Icon size={22} />
      </span>
      <span className="stat-text">
        <span className="stat-label">{props.label}</span>
        <span className="stat-value" data-testid={props.testId}>
          {props.value === undefined ? '…' : props.value === null ? '—' : props.value}
        </span>
        <span className="rota-stat-note">{props.note}</span>
      </span>
    </div>
  );
}
