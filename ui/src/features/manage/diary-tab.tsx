import type { DiaryEntryView } from '@care/events';
import { BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { enumLabel, formatDateTime } from '../../shared/format';

/**
 * Diary: the entries of the period (filtered by the shared bar), newest first, as the diary read API lists them, a
 * page at a time (`more`: how many of how many, and Load more).
 */
export function DiaryTab({ entries, more }: { entries: readonly DiaryEntryView[]; more: ReactNode }) {
  if (entries.length === 0) {
    return (
      <div className="card empty-state">
        <BookOpen size={36} aria-hidden className="empty-icon" />
        <p>No diary entries found.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="manage-diary-list">
        {entries.map((entry) => (
          <li key={entry.id} className="card manage-diary-entry" data-testid="manage-diary-entry">
            <header className="manage-roster-header">
              <h3 className="manage-roster-name">{entry.title}</h3>
              <span className="manage-diary-badges">
                <span className="badge badge-muted">{enumLabel(entry.entryType)}</span>
                <span className="badge badge-muted">{enumLabel(entry.priority)}</span>
              </span>
            </header>
            <p className="small muted">
              <time dateTime={entry.entryDate}>{formatDateTime(entry.entryDate)}</time> · Client:{' '}
              {entry.client.firstName} {entry.client.lastName} · Carer: {entry.carer.user.firstName}{' '}
              {entry.carer.user.lastName}
            </p>
            <p className="manage-note-text">{entry.content}</p>
          </li>
        ))}
      </ul>
      {more}
    </>
  );
}
