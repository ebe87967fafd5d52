import type { DiaryEntryView } from '@care/events';
import { londonClock } from '@care/events';
import { Lock } from 'lucide-react';
import { formatDateTime, humanize } from '../../shared/format';
import { carerName, clientName } from '../../records/diary/diary-names';

/**
 * An entry in a view's list: enough to recognise it (title, when, who, type); the diary list has the whole
 * card with its history, review and amend.
 */
export function DiaryEntryLine({
  entry,
  timeOnly = false,
  show = 'both',
}: {
  entry: DiaryEntryView;
  timeOnly?: boolean;
  show?: 'both' | 'client' | 'carer';
}) {
  return (
    <li className="diary-entry-line" data-testid="diary-view-entry">
      <div className="diary-entry-line-head">
        <strong className="diary-entry-line-title">{entry.title}</strong>
        <span className={`badge diary-type diary-type-${entry.entryType}`}>{humanize(entry.entryType)}</span>
        {entry.priority === 'high' || entry.priority === 'urgent' ? (
          <span className={`badge diary-priority diary-priority-${entry.priority}`}>{humanize(entry.priority)}</span>
        ) : null}
        {entry.isConfidential && (
          <span className="badge diary-confidential">
            <Lock size={12} aria-hidden />
            Confidential
          </span>
        )}
      </div>
      <p className="small muted diary-entry-line-meta">
        <time dateTime={entry.entryDate}>
          {timeOnly ? londonClock(entry.entryDate) : formatDateTime(entry.entryDate)}
        </time>
        {show !== 'carer' && <span>Client: {clientName(entry)}</span>}
        {show !== 'client' && <span>Carer: {carerName(entry)}</span>}
      </p>
    </li>
  );
}
