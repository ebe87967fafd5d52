import type { DiaryEntryView } from '@care/events';
import { can } from '@care/events';
import { CheckCircle2, Lock, Pencil, TriangleAlert } from 'lucide-react';
import { useCurrentUser } from '../../shared/current-user';
import { useReportFromDiary } from '../incidents';
import { formatDateTime, humanize } from '../../shared/format';
import { carerName, clientName } from '../../records/diary/diary-names';
import { DiaryEntryHistory } from './diary-entry-history';

interface DiaryEntryCardProps {
  entry: DiaryEntryView;
  /** diary.review: Mark Reviewed, and Amend on anyone's entry. */
  canReview: boolean;
  /** The author may amend their own entry. */
  canAmend: boolean;
  onAmend: (entry: DiaryEntryView) => void;
  onReview: (entry: DiaryEntryView) => void;
  reviewing: boolean;
}

export function DiaryEntryCard({ entry, canReview, canAmend, onAmend, onReview, reviewing }: DiaryEntryCardProps) {
  const role = useCurrentUser().role;
  const reportFromDiary = useReportFromDiary();
  // An entry of type incident becomes an incident report in one step: by its author, or by staff.
  const canReport = entry.entryType === 'incident' && canAmend && can(role, 'incidents.report');
  return (
    <article className="card diary-card" data-testid="diary-entry" aria-label={entry.title}>
      <header className="diary-card-header">
        <h2 className="diary-card-title">{entry.title}</h2>
        <div className="diary-badges">
          <span className={`badge diary-type diary-type-${entry.entryType}`}>{humanize(entry.entryType)}</span>
          <span className={`badge diary-priority diary-priority-${entry.priority}`}>{humanize(entry.priority)}</span>
          {entry.isConfidential && (
            <span className="badge diary-confidential">
              <Lock size={12} aria-hidden />
              Confidential
            </span>
          )}
        </div>
      </header>

      <p className="diary-meta small muted">
        <time dateTime={entry.entryDate}>{formatDateTime(entry.entryDate)}</time>
        <span>
          Client: <strong>{clientName(entry)}</strong>
        </span>
        <span>
          Carer: <strong>{carerName(entry)}</strong>
        </span>
        {entry.amended && <span className="badge badge-muted">Amended</span>}
      </p>

      <p className="diary-content">{entry.content}</p>

      {entry.tags.length > 0 && (
        <ul className="chips" aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      )}

      {entry.reviewedAt && (
        <p className="diary-reviewed small">
          <CheckCircle2 size={14} aria-hidden />
          Reviewed by {entry.reviewedByName ?? 'an unknown user'} on {formatDateTime(entry.reviewedAt)}
        </p>
      )}

      <DiaryEntryHistory entryId={entry.id} />

      {(canAmend || canReport || (canReview && !entry.reviewedAt)) && (
        <footer className="card-actions">
          {canReview && !entry.reviewedAt && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Mark Reviewed: ${entry.title}`}
              disabled={reviewing}
              onClick={() => onReview(entry)}
            >
              <CheckCircle2 size={14} aria-hidden />
              Mark Reviewed
            </button>
          )}
          {canReport && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Report as Incident: ${entry.title}`}
              disabled={reportFromDiary.isPending}
              onClick={() => reportFromDiary.mutate(entry.id)}
            >
              <TriangleAlert size={14} aria-hidden />
              Report as Incident
            </button>
          )}
          {canAmend && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Amend: ${entry.title}`}
              onClick={() => onAmend(entry)}
            >
              <Pencil size={14} aria-hidden />
              Amend
            </button>
          )}
        </footer>
      )}
    </article>
  );
}
