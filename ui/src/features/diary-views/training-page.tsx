import { TRAINING_TYPE_LABELS, type TrainingView } from '@care/events';
import { GraduationCap } from 'lucide-react';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { DiaryViewLayout } from './diary-view-layout';

/** Certificates of the carers in view expiring within this many days (GET /api/training?expiring=). */
const EXPIRING_WITHIN_DAYS = '30';

/**
 * /diary/training: the training records of the carers the reader may see (all for a coordinator, their own for a
 * carer, as GET /api/training filters them) whose certificate expires within 30 days, with their notes.
 */
export function DiaryTrainingPage() {
  const records = usePagedList<TrainingView>('/api/training', { expiring: EXPIRING_WITHIN_DAYS });
  const items = records.items;
  return (
    <DiaryViewLayout
      title="Training"
      intro="Training notes and certificates expiring within 30 days, for the carers in view."
    >
      {records.isPending ? (
        <ListLoading what="expiring training" />
      ) : records.isError ? (
        <ListLoadError what="expiring training" error={records.error} onRetry={() => void records.refetch()} />
      ) : items.length === 0 ? (
        <div className="card empty-state">
          <GraduationCap size={36} aria-hidden className="empty-icon" />
          <p>No certificates expire in the next 30 days.</p>
        </div>
      ) : (
        <>
          <div className="diary-groups">
            {items.map((record) => {
              const carer = `${record.carer.user.firstName} ${record.carer.user.lastName}`.trim();
              return (
                <section
                  key={record.id}
                  className="card diary-group"
                  aria-label={`${carer}, ${TRAINING_TYPE_LABELS[record.trainingType]}`}
                  data-testid="diary-training-record"
                >
                  <div className="diary-group-head">
                    <h3>{TRAINING_TYPE_LABELS[record.trainingType]}</h3>
                    <span className="badge diary-expiry">Expires {formatDate(record.expiryDate)}</span>
                  </div>
                  <p className="small">
                    Carer: <strong>{carer}</strong>
                  </p>
                  <p className="small muted">
                    Completed {formatDate(record.completedDate)}
                    {record.certificateNumber && <> · Certificate {record.certificateNumber}</>}
                    {record.trainingProvider && <> · {record.trainingProvider}</>}
                  </p>
                  <p className="small">
                    {record.notes ? record.notes : <span className="muted">No training notes.</span>}
                  </p>
                </section>
              );
            })}
          </div>
          <LoadMore
            shown={items.length}
            total={records.total}
            hasMore={records.hasNextPage}
            loading={records.isFetchingNextPage}
            onLoadMore={() => void records.fetchNextPage()}
          />
        </>
      )}
    </DiaryViewLayout>
  );
}
