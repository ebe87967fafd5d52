import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_SORTS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPE_LABELS,
  type FeedbackSort,
  type ListOrder,
  type FeedbackStatus,
  type FeedbackView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { MessageSquare } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { errorReason } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { SelectOptions } from '../../shared/select-options';
import { AdminNotesEditor, FeedbackStatusSelect } from '../feedback';
import { feedbackLabel, senderName } from '../../records/feedback/feedback-label';
import { openFeedbackCountQueryOptions, useFeedbackList } from '../../records/feedback/get-feedback';
import { serverSorting } from '../../shared/server-sorting';
import { LoadMore } from '../../shared/list-states';
import { SortableHeader } from '../../shared/sortable-header';

/** The admin panel's Feedback tab: what users sent from the widget, with its status and admin notes. */
export function FeedbackTab() {
  const filterId = useId();
  const [status, setStatus] = useState<FeedbackStatus | undefined>();
  const [order, setOrder] = useState<ListOrder<FeedbackSort>>({ sort: 'date', direction: 'desc' });
  const feedback = useFeedbackList(status, order);
  const openCount = useQuery(openFeedbackCountQueryOptions);

  return (
    <div className="admin-tab">
      <section className="card admin-card" aria-labelledby="feedback-title">
        <div className="admin-card-header">
          <div>
            <h2 id="feedback-title" className="card-title">
              Feedback
            </h2>
            {feedback.total !== undefined && (
              <p className="muted small">
                {feedback.total} {feedback.total === 1 ? 'item' : 'items'}
                {status
                  ? ` ${FEEDBACK_STATUS_LABELS[status].toLowerCase()}`
                  : openCount.data === undefined
                    ? ''
                    : `, ${openCount.data} open`}
              </p>
            )}
          </div>
          <div className="feedback-filter">
            <label htmlFor={filterId} className="label">
              Status
            </label>
            <select
              id={filterId}
              className="input input-compact"
              value={status ?? ''}
              onChange={(event) =>
                setStatus(event.target.value === '' ? undefined : (event.target.value as FeedbackStatus))
              }
            >
              <SelectOptions
                values={FEEDBACK_STATUSES}
                label={(value) => FEEDBACK_STATUS_LABELS[value]}
                placeholder="All statuses"
              />
            </select>
          </div>
        </div>
        {feedback.isPending ? (
          <p className="muted" role="status">
            Loading feedback...
          </p>
        ) : feedback.isError ? (
          <div className="empty-state" role="alert">
            <p>Could not load feedback: {errorReason(feedback.error)}</p>
            <button type="button" className="button button-secondary" onClick={() => void feedback.refetch()}>
              Try again
            </button>
          </div>
        ) : feedback.items.length === 0 ? (
          <div className="empty-state">
            <MessageSquare size={32} aria-hidden className="empty-icon" />
            <p>{status ? `No feedback with status ${FEEDBACK_STATUS_LABELS[status]}.` : 'No feedback yet.'}</p>
          </div>
        ) : (
          <>
            <FeedbackTable items={feedback.items} order={order} onOrderChange={setOrder} />
            <LoadMore
              shown={feedback.items.length}
              total={feedback.total}
              hasMore={feedback.hasNextPage}
              loading={feedback.isFetchingNextPage}
              onLoadMore={() => void feedback.fetchNextPage()}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** The items loaded so far, in the order the server sorted the whole list (a header asks the server for it). */
function FeedbackTable({
  items,
  order,
  onOrderChange,
}: {
  items: FeedbackView[];
  order: ListOrder<FeedbackSort>;
  onOrderChange: (order: ListOrder<FeedbackSort>) => void;
}) {
  const columns = useMemo<ColumnDef<FeedbackView>[]>(
    () => [
      {
        id: 'date',
        header: 'Date',
        accessorFn: (item) => item.createdAt,
        sortDescFirst: true,
        cell: ({ row }) => {
          const [date, time] = formatDateTime(row.original.createdAt).split(' ');
          return (
            <time dateTime={row.original.createdAt} className="user-cell-text-stack">
              <span>{date}</span>
              <span className="muted small">{time}</span>
            </time>
          );
        },
      },
      {
        id: 'from',
        header: 'From',
        // By surname on the server; feedback from a removed account last.
        accessorFn: (item) => (item.user ? `${item.user.lastName} ${item.user.firstName}` : ''),
        cell: ({ row }) => (
          <span className="user-cell-text-stack">
            <span className="user-cell-name">{senderName(row.original)}</span>
            {row.original.user && <span className="muted small">{row.original.user.email}</span>}
          </span>
        ),
      },
      {
        // Type, category, rating, message and page in one cell, so status and notes fit beside them at 1280 px.
        id: 'feedback',
        header: 'Feedback',
        enableSorting: false,
        cell: ({ row }) => <FeedbackSummary item={row.original} />,
      },
      {
        id: 'status',
        header: 'Status',
        // In the workflow's order (open first), on the server.
        accessorFn: (item) => item.status,
        cell: ({ row }) => <FeedbackStatusSelect feedback={row.original} label={feedbackLabel(row.original)} />,
      },
      {
        id: 'adminNotes',
        header: 'Admin notes',
        enableSorting: false,
        cell: ({ row }) => <AdminNotesEditor feedback={row.original} label={feedbackLabel(row.original)} />,
      },
    ],
    [],
  );

  const table = useReactTable({
    data: items,
    columns,
    ...serverSorting(order, FEEDBACK_SORTS, onOrderChange),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (item) => item.id,
  });

  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="feedback-table">
        <caption className="sr-only">Feedback, newest first, sortable by the column headers</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <SortableHeader key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="feedback-row">
              {row.getVisibleCells().map((cell) => {
                const header = cell.column.columnDef.header;
                const stacked = cell.column.id === 'feedback' || cell.column.id === 'adminNotes';
                return (
                  <td
                    key={cell.id}
                    data-label={typeof header === 'string' ? header : undefined}
                    className={stacked ? 'feedback-cell-stack' : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What was sent: type, category and rating, the message, and the page it was sent from. */
function FeedbackSummary({ item }: { item: FeedbackView }) {
  const typeClass =
    item.type === 'bug' ? 'feedback-type-bug' : item.type === 'positive' ? 'badge-success' : 'badge-muted';
  return (
    <div className="feedback-summary">
      <p className="feedback-summary-line">
        <span className={`badge ${typeClass}`}>{FEEDBACK_TYPE_LABELS[item.type]}</span>
        <span>{FEEDBACK_CATEGORY_LABELS[item.category]}</span>
        {item.rating !== null && (
          <span className="feedback-rating-value" role="img" aria-label={`Rating ${item.rating} of 5`}>
            {'★'.repeat(item.rating)}
            <span className="feedback-rating-rest">{'★'.repeat(5 - item.rating)}</span>
          </span>
        )}
      </p>
      <p className="feedback-message">{item.message}</p>
      <p className="muted small">
        Page: <span className="feedback-page">{item.page}</span>
      </p>
    </div>
  );
}
