import {
  effectiveTrainingStatus,
  TRAINING_STATUS_LABELS,
  TRAINING_TYPE_LABELS,
  type TrainingStatus,
  type TrainingView,
} from '@care/events';
import { ExternalLink, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { formatDate } from '../../shared/format';

export function carerName(record: TrainingView): string {
  return `${record.carer.user.firstName} ${record.carer.user.lastName}`.trim();
}

/** The command API accepts only http(s) links; checked again here so no other scheme ever becomes a live link. */
const WEB_LINK = /^https?:\/\//i;

const BADGE: Record<TrainingStatus, string> = {
  current: 'badge-success',
  expiring_soon: 'training-badge-warning',
  expired: 'training-badge-danger',
  pending: 'badge-muted',
};

interface TrainingCardProps {
  record: TrainingView;
  /** Today in London: the badge says what the dates mean today, not only what was recorded. */
  today: string;
  onEdit: (record: TrainingView) => void;
  onRenew: (record: TrainingView) => void;
  onDelete: (record: TrainingView) => void;
  deleting: boolean;
  /** Edit, Renew and Delete are offered only to roles allowed to change training. */
  canWrite: boolean;
}

export function TrainingCard({ record, today, onEdit, onRenew, onDelete, deleting, canWrite }: TrainingCardProps) {
  const name = carerName(record);
  const type = TRAINING_TYPE_LABELS[record.trainingType];
  const status = effectiveTrainingStatus(record, today);
  const subject = `${type} for ${name}`;
  return (
    <article className="card training-card" data-testid="training-card" aria-label={subject}>
      <header className="training-card-header">
        <div>
          <h2 className="training-type">{type}</h2>
          <p className="muted small">
            {name} · {record.carer.employeeId}
          </p>
        </div>
        <span className={`badge ${BADGE[status]}`}>{TRAINING_STATUS_LABELS[status]}</span>
      </header>

      <dl className="details">
        <div>
          <dt>Provider</dt>
          <dd>{record.trainingProvider ?? '—'}</dd>
        </div>
        <div>
          <dt>Certificate</dt>
          <dd className="truncate">{record.certificateNumber ?? '—'}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{formatDate(record.completedDate)}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{record.expiryDate ? formatDate(record.expiryDate) : 'No expiry'}</dd>
        </div>
      </dl>

      {record.notes && <p className="training-notes">{record.notes}</p>}
      {record.documentUrl && WEB_LINK.test(record.documentUrl) && (
        <a className="training-document" href={record.documentUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLink size={14} aria-hidden />
          View certificate
        </a>
      )}

      {canWrite && (
        <footer className="card-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Edit ${subject}`}
            onClick={() => onEdit(record)}
          >
            <Pencil size={14} aria-hidden />
            Edit
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Renew ${subject}`}
            onClick={() => onRenew(record)}
          >
            <RefreshCw size={14} aria-hidden />
            Renew
          </button>
          <button
            type="button"
            className="button button-danger-outline button-small card-action-apart"
            aria-label={`Delete ${subject}`}
            disabled={deleting}
            onClick={() => onDelete(record)}
          >
            <Trash2 size={14} aria-hidden />
            Delete
          </button>
        </footer>
      )}
    </article>
  );
}
