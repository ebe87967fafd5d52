import { addDays, londonToday, mondayOf, type DiaryWeekView } from '@care/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { apiGet } from '../../shared/api';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { withParams } from '../../shared/paged-list';
import { DIARY_PATH } from '../../records/diary/diary-query-keys';
import { DiaryEntryLine } from './diary-entry-line';
import { DiaryViewLayout } from './diary-view-layout';

const WEEKLY_PATH = `${DIARY_PATH}/weekly`;

/** The week holding `date`; the key starts with the diary's URL, so a diary command or push reloads it. */
const weekQuery = (date: string) =>
  queryOptions({
    queryKey: [WEEKLY_PATH, { date }] as const,
    queryFn: () => apiGet<DiaryWeekView>(withParams(WEEKLY_PATH, { date })),
  });

const weekdayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const dayName = (date: string) => weekdayName.format(new Date(`${date}T12:00:00Z`));

/** /diary/weekly: the entries of a week by London day, Monday first, with the previous and next weeks. */
export function DiaryWeeklyPage() {
  const today = londonToday();
  const [weekStart, setWeekStart] = useState(() => mondayOf(today));
  const week = useQuery({ ...weekQuery(weekStart), placeholderData: keepPreviousData });
  const weekEnd = addDays(weekStart, 6);

  return (
    <DiaryViewLayout title="Weekly" intro="Diary entries by day across a week, Monday first.">
      <div className="diary-view-toolbar" role="group" aria-label="Week">
        <span className="diary-view-range" aria-live="polite">
          {formatDate(weekStart)} – {formatDate(weekEnd)}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setWeekStart(addDays(weekStart, -7))}
        >
          <ChevronLeft size={16} aria-hidden />
          Previous week
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setWeekStart(mondayOf(today))}
          disabled={weekStart === mondayOf(today)}
        >
          This week
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setWeekStart(addDays(weekStart, 7))}
        >
          Next week
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>

      {week.isPending ? (
        <ListLoading what="the week's diary entries" />
      ) : week.isError ? (
        <ListLoadError what="the week's diary entries" error={week.error} onRetry={() => void week.refetch()} />
      ) : (
        <div className="diary-week">
          {week.data.days.map((day) => (
            <section
              key={day.date}
              className={`card diary-day${day.date === today ? ' diary-day-today' : ''}`}
              aria-label={`${dayName(day.date)} ${formatDate(day.date)}`}
            >
              <h3>
                {dayName(day.date)} <span className="muted small">{formatDate(day.date)}</span>
              </h3>
              <p className="small muted">{day.total === 1 ? '1 entry' : `${day.total} entries`}</p>
              {day.entries.length > 0 && (
                <ul className="diary-entry-lines">
                  {day.entries.map((entry) => (
                    <DiaryEntryLine key={entry.id} entry={entry} timeOnly />
                  ))}
                </ul>
              )}
              {day.total > day.entries.length && (
                <p className="small">
                  {day.total - day.entries.length} more in the <Link to="/diary">diary list</Link>
                </p>
              )}
            </section>
          ))}
        </div>
      )}
    </DiaryViewLayout>
  );
}
