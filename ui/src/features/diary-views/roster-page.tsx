import type { DiaryRosterGroupView } from '@care/events';
import { Users } from 'lucide-react';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { DIARY_PATH } from '../../records/diary/diary-query-keys';
import { DiaryEntryLine } from './diary-entry-line';
import { DiaryViewLayout } from './diary-view-layout';

const ROSTERS = {
  carer: {
    path: `${DIARY_PATH}/carer-roster`,
    title: 'Diary by Carer',
    intro: 'Diary entries grouped by carer, the most recently active first.',
    what: 'carers',
  },
  client: {
    path: `${DIARY_PATH}/client-roster`,
    title: 'Diary by Client',
    intro: 'Diary entries grouped by client, the most recently written about first.',
    what: 'clients',
  },
} as const;

/** /diary/carer-roster and /diary/client-roster: each carer or client, their number of entries and the latest ones. */
export function DiaryRosterPage({ by }: { by: 'carer' | 'client' }) {
  const roster = ROSTERS[by];
  const groups = usePagedList<DiaryRosterGroupView>(roster.path, {});
  const rows = groups.items;
  return (
    <DiaryViewLayout title={roster.title} intro={roster.intro}>
      {groups.isPending ? (
        <ListLoading what={roster.what} />
      ) : groups.isError ? (
        <ListLoadError what={roster.what} error={groups.error} onRetry={() => void groups.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <Users size={36} aria-hidden className="empty-icon" />
          <p>No diary entries found.</p>
        </div>
      ) : (
        <>
          <div className="diary-groups">
            {rows.map((group) => {
              const name = `${group.firstName} ${group.lastName}`.trim();
              return (
                <section key={group.id} className="card diary-group" aria-label={name} data-testid="diary-roster-group">
                  <div className="diary-group-head">
                    <h3>{name}</h3>
                    <span className="badge badge-muted">
                      {group.entries === 1 ? '1 entry' : `${group.entries} entries`}
                    </span>
                  </div>
                  <p className="small muted">Latest: {formatDateTime(group.latestEntryDate)}</p>
                  <ul className="diary-entry-lines" aria-label={`Latest entries, ${name}`}>
                    {group.latest.map((entry) => (
                      <DiaryEntryLine key={entry.id} entry={entry} show={by === 'carer' ? 'client' : 'carer'} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
          <LoadMore
            shown={rows.length}
            total={groups.total}
            hasMore={groups.hasNextPage}
            loading={groups.isFetchingNextPage}
            onLoadMore={() => void groups.fetchNextPage()}
          />
        </>
      )}
    </DiaryViewLayout>
  );
}
