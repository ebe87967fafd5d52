import { londonClock, type DiaryMonitoringRowView, type DiaryVisitView } from '@care/events';
import { ClipboardCheck } from 'lucide-react';
import { enumLabel, formatDate } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { DIARY_PATH } from '../../records/diary/diary-query-keys';
import { DiaryEntryLine } from './diary-entry-line';
import { DiaryViewLayout } from './diary-view-layout';
// The visit status badges every appointment screen uses.
import '../../records/appointments/appointment-status.css';

const MONITORING_PATH = `${DIARY_PATH}/monitoring`;
const nameOf = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'Unassigned';

/** The visit's record beside its entry: when, who, for whom, and where it stands. */
function VisitRecord({ visit }: { visit: DiaryVisitView }) {
  return (
    <dl className="diary-visit-record small">
      <dt>Visit</dt>
      <dd>
        {formatDate(visit.date)} {londonClock(visit.scheduledStart)}–{londonClock(visit.scheduledEnd)}
      </dd>
      <dt>Carer</dt>
      <dd>{nameOf(visit.carer)}</dd>
      <dt>Client</dt>
      <dd>{nameOf(visit.client)}</dd>
      <dt>Status</dt>
      <dd>
        <span className={`badge status-${visit.status}`}>{enumLabel(visit.status)}</span>
      </dd>
      {visit.checkedInAt && (
        <>
          <dt>Checked in</dt>
          <dd>{londonClock(visit.checkedInAt)}</dd>
        </>
      )}
      {visit.checkedOutAt && (
        <>
          <dt>Checked out</dt>
          <dd>{londonClock(visit.checkedOutAt)}</dd>
        </>
      )}
    </dl>
  );
}

/** /diary/monitoring: entries recorded against a visit, newest first, each beside the visit's record. */
export function DiaryMonitoringPage() {
  const rows = usePagedList<DiaryMonitoringRowView>(MONITORING_PATH, {});
  const items = rows.items;
  return (
    <DiaryViewLayout title="Monitoring" intro="Diary entries recorded during a visit, beside the visit's record.">
      {rows.isPending ? (
        <ListLoading what="visit entries" />
      ) : rows.isError ? (
        <ListLoadError what="visit entries" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : items.length === 0 ? (
        <div className="card empty-state">
          <ClipboardCheck size={36} aria-hidden className="empty-icon" />
          <p>No diary entries linked to visits.</p>
        </div>
      ) : (
        <>
          <ul className="diary-entry-lines" aria-label="Entries linked to visits">
            {items.map(({ entry, visit }) => (
              <li key={entry.id} className="card diary-monitoring-row" data-testid="diary-monitoring-row">
                <ul className="diary-entry-lines">
                  <DiaryEntryLine entry={entry} />
                </ul>
                {visit ? (
                  <VisitRecord visit={visit} />
                ) : (
                  <p className="small muted">Another carer's visit: its record is not shown to you.</p>
                )}
              </li>
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            total={rows.total}
            hasMore={rows.hasNextPage}
            loading={rows.isFetchingNextPage}
            onLoadMore={() => void rows.fetchNextPage()}
          />
        </>
      )}
    </DiaryViewLayout>
  );
}
