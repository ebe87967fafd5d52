import type { MonitoringRecordView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, ClipboardList, Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SortableHeader } from '../../shared/sortable-header';
import { enumLabel, formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import {
  FIRST_PAGE,
  filtersComplete,
  isMonitoringSort,
  MONITORING_PAGE_SIZE,
  monitoringQueryOptions,
  monitoringUrl,
  type MonitoringFilters,
  type MonitoringPaging,
} from '../../records/visit-records/monitoring-params';
import { TaskBadges } from './task-badges';
import { offlineNote } from '../../records/visit-records/recorded-offline';
import { VisitRecordDialog } from '../appointments';
import { PunctualityBadge, VisitStatusBadge } from '../../records/visit-records/visit-status-badge';
import './monitoring.css';
import { TIME_BY_HAND } from '../../records/visit-records/time-entered-by-hand';

const NO_RECORDS: MonitoringRecordView[] = [];
const dash = (value: string | null) => value || <span className="muted">—</span>;

function columns(onView: (record: MonitoringRecordView) => void): ColumnDef<MonitoringRecordView>[] {
  // Only the columns the server sorts by (accessor columns) can be sorted; the rest would sort one page and mislead.
  const fixed = { enableSorting: false } as const;
  return [
    {
      accessorKey: 'date',
      header: 'Date',
      sortDescFirst: true,
      cell: ({ row }) => <time dateTime={row.original.date}>{formatDate(row.original.date)}</time>,
    },
    {
      id: 'plannedTime',
      header: 'Planned Time',
      ...fixed,
      cell: ({ row }) => <span className="nowrap">{row.original.plannedTime}</span>,
    },
    {
      id: 'actualTime',
      header: 'Actual Time',
      ...fixed,
      cell: ({ row }) => (
        <>
          <span className="nowrap">{dash(row.original.actualTime)}</span>
          {row.original.recordedOffline && (
            <span className="small muted hand-entered"> {offlineNote(row.original.recordedOffline)}</span>
          )}
          {row.original.timeEnteredByHand && (
            <span className="small muted hand-entered" title={row.original.timeEnteredReason ?? undefined}>
              {' '}
              {TIME_BY_HAND}
            </span>
          )}
        </>
      ),
    },
    {
      accessorKey: 'client',
      header: 'Client',
      cell: ({ row }) => <span className="nowrap">{row.original.client}</span>,
    },
    {
      accessorKey: 'carer',
      header: 'Carer',
      cell: ({ row }) => <span className="nowrap">{dash(row.original.carer)}</span>,
    },
    {
      accessorKey: 'punctuality',
      header: 'Punctuality',
      cell: ({ row }) => <PunctualityBadge punctuality={row.original.punctuality} />,
    },
    {
      accessorKey: 'duration',
      header: 'Duration',
      sortDescFirst: true,
      cell: ({ row }) => <span className="nowrap">{row.original.duration} min</span>,
    },
    { id: 'tasks', header: 'Tasks', ...fixed, cell: ({ row }) => <TaskBadges tasks={row.original.tasks} /> },
    { id: 'medication', header: 'Medication', ...fixed, cell: ({ row }) => (row.original.medication ? 'Yes' : 'No') },
    {
      id: 'provider',
      header: 'Provider',
      ...fixed,
      cell: ({ row }) => <span className="nowrap">{enumLabel(row.original.provider)}</span>,
    },
    {
      id: 'manualInputReason',
      header: 'Manual Input Reason',
      ...fixed,
      cell: ({ row }) => dash(row.original.manualInputReason),
    },
    { id: 'source', header: 'Source', ...fixed, cell: ({ row }) => dash(row.original.source) },
    { accessorKey: 'status', header: 'Status', cell: ({ row }) => <VisitStatusBadge status={row.original.status} /> },
    {
      id: 'notes',
      header: 'Notes',
      ...fixed,
      cell: ({ row }) => <span className="monitoring-notes">{dash(row.original.notes)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      ...fixed,
      cell: ({ row }) => (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`View visit record: ${row.original.client} ${formatDate(row.original.date)} ${row.original.plannedTime}`}
          onClick={() => onView(row.original)}
        >
          <Eye size={16} aria-hidden />
          View
        </button>
      ),
    },
  ];
}

/**
 * "Care Records (N entries)": filtering, sorting and paging all happen on the server (visits grow without
 * bound), so the table shows one page of 25 and N is the server's total for the filters.
 */
export function MonitoringTable({ filters }: { filters: MonitoringFilters }) {
  const [paging, setPaging] = useState<MonitoringPaging>(FIRST_PAGE);
  const [viewing, setViewing] = useState<string | undefined>();
  // New filters start again on the first page (adjusting state while rendering, without an extra pass).
  const filterKey = monitoringUrl(filters, FIRST_PAGE);
  const [pagedFor, setPagedFor] = useState(filterKey);
  if (pagedFor !== filterKey) {
    setPagedFor(filterKey);
    setPaging((current) => ({ ...current, offset: 0 }));
  }

  const records = useQuery(monitoringQueryOptions(filters, paging));
  const tableColumns = useMemo(() => columns((record) => setViewing(record.id)), []);
  const sorting: SortingState = [{ id: paging.sort, desc: paging.direction === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    if (next && isMonitoringSort(next.id))
      setPaging({ sort: next.id, direction: next.desc ? 'desc' : 'asc', offset: 0 });
  };
  const total = records.data?.total ?? 0;
  const table = useReactTable({
    data: records.data?.records ?? NO_RECORDS,
    columns: tableColumns,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    rowCount: total,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (record) => record.id,
  });

  const first = paging.offset + 1;
  const last = Math.min(paging.offset + MONITORING_PAGE_SIZE, total);
  const goTo = (offset: number) => setPaging((current) => ({ ...current, offset }));

  return (
    <section className="card monitoring-records" aria-labelledby="care-records-title">
      <h2 id="care-records-title" className="card-title">
        Care Records ({records.data ? total : '…'} entries)
      </h2>
      {!filtersComplete(filters) ? (
        <p className="muted">Choose the from and to dates of the custom range.</p>
      ) : records.isPending ? (
        <ListLoading what="care records" />
      ) : records.isError ? (
        <ListLoadError what="care records" error={records.error} onRetry={() => void records.refetch()} />
      ) : total === 0 ? (
        <div className="empty-state">
          <ClipboardList size={36} aria-hidden className="empty-icon" />
          <p className="empty-title">No monitoring records found</p>
          <p className="muted">Records will appear here once care visits are logged</p>
        </div>
      ) : (
        <>
          <div className="table-wrap monitoring-table-wrap" aria-busy={records.isPlaceholderData}>
            <table className="data-table monitoring-table pin-last-column" data-testid="monitoring-table">
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
                  <tr key={row.id} data-testid="monitoring-row">
                    {row.getVisibleCells().map((cell) => {
                      const { header } = cell.column.columnDef;
                      // On phones each row is a card: every value carries its column's name.
                      return (
                        <td key={cell.id} data-label={typeof header === 'string' ? header : undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="monitoring-pager" aria-label="Pages of care records">
            <span data-testid="monitoring-range">
              {first} - {last} of {total}
            </span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={paging.offset === 0}
              onClick={() => goTo(Math.max(0, paging.offset - MONITORING_PAGE_SIZE))}
            >
              <ChevronLeft size={16} aria-hidden />
              Previous
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={last >= total}
              onClick={() => goTo(paging.offset + MONITORING_PAGE_SIZE)}
            >
              Next
              <ChevronRight size={16} aria-hidden />
            </button>
          </nav>
        </>
      )}
      <VisitRecordDialog title="Visit Record" appointmentId={viewing} onClose={() => setViewing(undefined)} />
    </section>
  );
}
