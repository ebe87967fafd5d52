import type { ReactNode } from 'react';

/** One computed figure on a screen's row of cards (dashboard, schedules, visits, operations). */
export function StatCard({
  icon,
  label,
  value,
  testId,
  className,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  testId: string;
  className?: string;
  /** A line under the figure saying what it counts. */
  note?: string;
}) {
  return (
    <div className={`card stat-card${className ? ` ${className}` : ''}`}>
      <span className="stat-icon" aria-hidden>
        {icon}
      </span>
      <span className="stat-text">
        <span className="stat-label">{label}</span>
        <span className="stat-value" data-testid={testId}>
          {value}
        </span>
        {note !== undefined && <span className="stat-note">{note}</span>}
      </span>
    </div>
  );
}
