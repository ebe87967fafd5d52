import type { AppointmentView, CarerView, ShiftView, WorkingTimeView } from '@care/events';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { formatHours } from '../../shared/format';
import { SortableHeader } from '../../shared/sortable-header';
import { carerDisplayName } from './get-carers';
import { isoWeekday, WEEKDAY_NAMES } from './rota-dates';
import { isBooked, isPlanned, shiftHours } from './rota-figures';
import { ShiftChip } from './rota-chips';
import { WorkingTimeCell } from './working-time';

interface RosterRow {
  readonly carerId: string;
  readonly name: string;
  readonly active: boolean;
  readonly shifts: ShiftView[];
  readonly hours: number;
  readonly visits: number;
  /** The week's booked visit time against the carer's weekly limit (undefined: no visits booked). */
  readonly workingTime: WorkingTimeView | undefined;
}

interface CarerRosterProps {
  carers: readonly CarerView[];
  visits: readonly AppointmentView[];
  shifts: readonly ShiftView[];
  /** The Filter's carer ('' = everyone). */
  carerId: string;
  onCancelShift: ((shift: ShiftView) => void) | undefined;
  /** Each carer's booked hours this week against their weekly hours limit, by carer id. */
  workingTime?: ReadonlyMap<string, WorkingTimeView> | undefined;
}

/** Carer Roster: per carer, the week's shifts, their paid hours (less breaks) and the number of visits booked. */
export function CarerRoster({ carers, visits, shifts, carerId, onCancelShift, workingTime }: CarerRosterProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const rows = useMemo(
    () => rosterRows(carers, visits, shifts, carerId, workingTime),
    [carers, visits, shifts, carerId, workingTime],
  );

  const columns = useMemo<ColumnDef<RosterRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Carer',
        accessorFn: (row) => row.name,
        cell: ({ row }) => (
          <span>
            {row.original.name}
            {!row.original.active && <span className="badge badge-muted rota-inline-badge">Inactive</span>}
          </span>
        ),
      },
      {
        id: 'shifts',
        header: 'Shifts',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.shifts.length === 0 ? (
            <span className="muted">No shifts this week</span>
          ) : (
            <div className="rota-roster-shifts">
              {row.original.shifts.map((shift) => (
                <ShiftChip
                  key={shift.id}
                  shift={shift}
                  showCarer={false}
                  showDay={WEEKDAY_NAMES[isoWeekday(shift.date) - 1]}
                  onCancel={onCancelShift}
                />
              ))}
            </div>
          ),
      },
      {
        id: 'hours',
        header: 'Shift hours',
        accessorFn: (row) => row.hours,
        cell: ({ row }) => formatHours(row.original.hours),
      },
      { id: 'visits', header: 'Visits', accessorFn: (row) => row.visits },
      {
        id: 'workingTime',
        header: 'Visit hours',
        accessorFn: (row) => row.workingTime?.minutes ?? 0,
        cell: ({ row }) => <WorkingTimeCell row={row.original.workingTime} />,
      },
    ],
    [onCancelShift],
  );

  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => row.carerId,
  });

  if (rows.length === 0) {
    return (
      <div className="card empty-state">
        <p>No carers on the rota this week.</p>
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="data-table rota-roster" data-testid="carer-roster">
        <caption className="sr-only">Carer roster for the week, sortable by the column headers</caption>
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
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Active carers, and any other carer who still has a shift or a visit this week. */
function rosterRows(
  carers: readonly CarerView[],
  visits: readonly AppointmentView[],
  shifts: readonly ShiftView[],
  carerId: string,
  workingTime: ReadonlyMap<string, WorkingTimeView> | undefined,
): RosterRow[] {
  return carers
    .filter((carer) => !carerId || carer.id === carerId)
    .map((carer) => {
      const own = shifts.filter((shift) => shift.carerId === carer.id);
      return {
        carerId: carer.id,
        name: carerDisplayName(carer),
        active: carer.isActive,
        shifts: own,
        hours: own.filter(isPlanned).reduce((sum, shift) => sum + shiftHours(shift), 0),
        visits: visits.filter((visit) => visit.carerId === carer.id && isBooked(visit)).length,
        workingTime: workingTime?.get(carer.id),
      };
    })
    .filter((row) => row.active || row.shifts.length > 0 || row.visits > 0);
}
