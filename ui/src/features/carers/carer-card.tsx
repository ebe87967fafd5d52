import type { CarerView, LeaveView } from '@care/events';
import { Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { formatDate, formatPounds, humanize } from '../../shared/format';
import { carerFullName } from '../../records/carers/carer-name';
import { accountLabel } from './get-linkable-accounts';
import { WorkingPatternButton } from './working-pattern-dialog';
import { LEAVE_KIND_LABELS, leaveDatesText } from '../leave';
import { ExportRecordButton } from '../subject-access';

interface CarerCardProps {
  carer: CarerView;
  onEdit: (carer: CarerView) => void;
  onDelete: (carer: CarerView) => void;
  deleting: boolean;
  /** Edit and Delete are offered only to roles allowed to change carers. */
  canWrite: boolean;
  /** The carer's approved leave that has not ended yet, the earliest (the page reads it for every card at once). */
  nextLeave?: LeaveView | undefined;
  /** London's today, to say whether that leave has begun. */
  today?: string;
}

export function CarerCard({ carer, onEdit, onDelete, deleting, canWrite, nextLeave, today }: CarerCardProps) {
  const name = carerFullName(carer);
  return (
    <article className="card carer-card" data-testid="carer-card" aria-label={name}>
      <header className="carer-card-header">
        <div>
          <h2 className="carer-name">{name}</h2>
          <p className="muted small">{carer.employeeId}</p>
        </div>
        <span className="carer-badges">
          {carer.onLeaveToday && <span className="badge leave-badge-away">On leave</span>}
          <span className={`badge ${carer.isActive ? 'badge-success' : 'badge-muted'}`}>
            {carer.isActive ? 'Active' : 'Inactive'}
          </span>
        </span>
      </header>

      {nextLeave && (
        <p className="small" data-testid="carer-next-leave">
          {today !== undefined && nextLeave.from <= today ? 'Current leave' : 'Next leave'}:{' '}
          {LEAVE_KIND_LABELS[nextLeave.kind]}, {leaveDatesText(nextLeave)}
        </p>
      )}

      <dl className="details">
        <div>
          <dt>Region</dt>
          <dd className="capitalize">{carer.user.region ?? '—'}</dd>
        </div>
        <div>
          <dt>Specialisation</dt>
          <dd className="capitalize">{carer.specialization ? humanize(carer.specialization) : '—'}</dd>
        </div>
        <div>
          <dt>Start date</dt>
          <dd>{formatDate(carer.startDate)}</dd>
        </div>
        <div>
          <dt>Hourly rate</dt>
          <dd>{carer.hourlyRate ? formatPounds(carer.hourlyRate) : '—'}</dd>
        </div>
      </dl>

      <ul className="contact-list">
        <li>
          <Mail size={14} aria-hidden />
          <span className="truncate">{carer.user.email}</span>
        </li>
        {carer.phoneNumber && (
          <li>
            <Phone size={14} aria-hidden />
            <span>{carer.phoneNumber}</span>
          </li>
        )}
      </ul>

      <p className="muted small" data-testid="carer-account">
        {carer.account ? `Signs in as ${accountLabel(carer.account)}` : 'No account linked'}
      </p>

      {carer.qualifications.length > 0 && (
        <ul className="chips" aria-label="Qualification list">
          {carer.qualifications.map((item) => (
            <li key={item} className="chip">
              {item}
            </li>
          ))}
        </ul>
      )}

      <footer className="card-actions">
        <WorkingPatternButton carer={carer} canWrite={canWrite} />
        {canWrite && (
          <>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Edit ${name}`}
              onClick={() => onEdit(carer)}
            >
              <Pencil size={14} aria-hidden />
              Edit
            </button>
            <ExportRecordButton subjectKind="carer" subjectId={carer.id} name={name} />
            <button
              type="button"
              className="button button-danger-outline button-small card-action-apart"
              aria-label={`Delete ${name}`}
              disabled={deleting}
              onClick={() => onDelete(carer)}
            >
              <Trash2 size={14} aria-hidden />
              Delete
            </button>
          </>
        )}
      </footer>
    </article>
  );
}
