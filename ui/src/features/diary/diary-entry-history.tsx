import type { DiaryEntryVersionView, DiaryFieldChange, DiaryFieldValue } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorReason } from '../../shared/api';
import { enumLabel, formatDateTime } from '../../shared/format';
import { diaryHistoryQueryOptions } from './get-diary-history';

const FIELD_LABELS: Record<string, string> = {
  entryDate: 'Entry date',
  entryType: 'Type',
  priority: 'Priority',
  title: 'Title',
  content: 'Content',
  tags: 'Tags',
  isConfidential: 'Confidential',
};

const ACTION_LABELS: Record<DiaryEntryVersionView['action'], string> = {
  created: 'Created',
  amended: 'Amended',
  reviewed: 'Marked reviewed',
};

function showValue(field: string, value: DiaryFieldValue): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  if (field === 'entryDate') return formatDateTime(value);
  if (field === 'entryType' || field === 'priority') return enumLabel(value);
  return value;
}

function Change({ change, created }: { change: DiaryFieldChange; created: boolean }) {
  const label = FIELD_LABELS[change.field] ?? change.field;
  return (
    <li>
      <span className="diary-history-field">{label}:</span>{' '}
      {created ? (
        <span>{showValue(change.field, change.to)}</span>
      ) : (
        <>
          <del>{showValue(change.field, change.from)}</del> → <ins>{showValue(change.field, change.to)}</ins>
        </>
      )}
    </li>
  );
}

/** The entry's versions (GET /api/diary/{id}/history), loaded when the disclosure is first opened. */
export function DiaryEntryHistory({ entryId }: { entryId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="diary-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History</summary>
      {open && <HistoryList entryId={entryId} />}
    </details>
  );
}

function HistoryList({ entryId }: { entryId: string }) {
  const history = useQuery(diaryHistoryQueryOptions(entryId));
  if (history.isPending) return <p className="muted small">Loading history...</p>;
  if (history.isError) {
    return (
      <p className="form-error" role="alert">
        Could not load the history: {errorReason(history.error)}
      </p>
    );
  }
  return (
    <ol className="diary-history-list" aria-label="Versions">
      {history.data.map((version) => (
        <li key={version.revision} className="diary-history-version">
          <p className="small">
            <strong>{ACTION_LABELS[version.action]}</strong> by {version.userName ?? 'an unknown user'} on{' '}
            {formatDateTime(version.occurredAt)}
          </p>
          {version.reason && <p className="small">Reason: {version.reason}</p>}
          {version.action !== 'reviewed' && version.changes.length > 0 && (
            <ul className="diary-history-changes small">
              {version.changes.map((change) => (
                <Change key={change.field} change={change} created={version.action === 'created'} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
