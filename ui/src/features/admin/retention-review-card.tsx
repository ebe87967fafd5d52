import type { RetentionReviewView } from '@care/events';
import { LoadMore } from '../../shared/list-states';
import { usePagedView } from '../../shared/paged-view';
import { ProposeDestructionButton } from './destruction-card';

/** An instant as the London date a person reads (DD/MM/YYYY). */
const londonDate = (instant: string) => new Date(instant).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });

const KIND_LABELS = { client: 'Client', carer: 'Carer' } as const;
const STATUS_LABELS = { inactive: 'Inactive', deleted: 'Deleted' } as const;

/**
 * Record retention review (Data Management): the clients and carers inactive or deleted longer ago than the record
 * retention setting, for an administrator to review. Read only: care records are never deleted automatically.
 */
export function RetentionReviewCard() {
  const review = usePagedView<RetentionReviewView['rows'][number], RetentionReviewView>('/api/admin/retention-review');
  const data = review.view;
  return (
    <section className="card admin-card" aria-labelledby="retention-title">
      <h2 id="retention-title" className="card-title">
        Record retention review
      </h2>
      {review.isError && <p role="alert">The review list could not be loaded.</p>}
      {review.isPending && <p className="muted small">Loading…</p>}
      {data && (
        <>
          <p className="muted small">
            Records inactive or deleted more than {data.years} years ago (before {londonDate(data.cutoff)}), as the
            record retention setting says. Review them: nothing is deleted automatically; a destruction needs two
            administrators.
          </p>
          <p className="muted small" data-testid="retention-medication-rule">
            Medication records are kept at least {data.medicationRetentionYears} years after care ends, whatever this
            setting: a client with medication records is listed only once {data.medicationRetentionYears} years have
            passed.
            {data.heldForMedication > 0 &&
              ` ${data.heldForMedication} ${data.heldForMedication === 1 ? 'client is' : 'clients are'} kept for that reason.`}
          </p>
          {!data.deletedRecordsListed && (
            <p className="muted small" data-testid="retention-review-deleted-unlisted">
              Deleted clients and carers are not listed: they are found in the PostgreSQL event store, and this product
              keeps its events in EventStoreDB.
            </p>
          )}
          {data.total === 0 ? (
            <p data-testid="retention-review-empty">No record is past its retention period.</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table" data-testid="retention-review">
                <thead>
                  <tr>
                    <th scope="col">Record</th>
                    <th scope="col">ID</th>
                    <th scope="col">Name</th>
                    <th scope="col">Status</th>
                    <th scope="col">Since</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => (
                    <tr key={`${row.kind}-${row.id}`}>
                      <td data-label="Record">{KIND_LABELS[row.kind]}</td>
                      <td data-label="ID">{row.reference ?? ''}</td>
                      <td data-label="Name">{row.name ?? ''}</td>
                      <td data-label="Status">{STATUS_LABELS[row.status]}</td>
                      <td data-label="Since">{londonDate(row.since)}</td>
                      <td data-label="Actions">
                        <ProposeDestructionButton
                          subjectKind={row.kind}
                          subjectId={row.id}
                          label={`${KIND_LABELS[row.kind]} ${row.reference ?? ''}`.trim()}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <LoadMore
            shown={data.rows.length}
            total={data.total}
            hasMore={review.hasNextPage}
            loading={review.isFetchingNextPage}
            onLoadMore={() => void review.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
