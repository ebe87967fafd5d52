import type { AppointmentStatus, Punctuality } from '@care/events';
import { STATUS_LABELS } from './monitoring-params';
import './visit-status-badge.css';

/**
 * A visit's status as the screens name it ("In progress", "No show"), coloured by what needs attention. `label`:
 * another wording of the same status (the carer's check-in screen writes every badge in sentence case).
 */
export function VisitStatusBadge({ status, label }: { status: AppointmentStatus; label?: string }) {
  return <span className={`badge visit-status visit-status-${status}`}>{label ?? STATUS_LABELS[status]}</span>;
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
