import type { AppointmentStatus, Punctuality } from '@care/events';
import { STATUS_LABELS } from './monitoring-params';
import './visit-status-badge.css';

/** A visit's status as the screens name it ("In progress", "No show"), coloured by what needs attention. */
export function VisitStatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={`badge visit-status visit-status-${status}`}>{STATUS_LABELS[status]}</span>;
}

const PUNCTUALITY_CLASS: Record<Punctuality, string> = {
  'On Time': 'badge-success',
  Early: 'punctuality-early',
  Late: 'punctuality-late',
};

export function PunctualityBadge({ punctuality }: { punctuality: Punctuality | null }) {
  if (punctuality === null) return <span className="muted">—</span>;
  return <span className={`badge ${PUNCTUALITY_CLASS[punctuality]}`}>{punctuality}</span>;
}
