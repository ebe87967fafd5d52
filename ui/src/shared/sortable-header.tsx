import { flexRender, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

/** A column header: a button that cycles the column's sort, announced through aria-sort. */
export function SortableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <th scope="col">{label}</th>;
  const direction = header.column.getIsSorted();
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
      <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
        {label}
        <Icon size={14} aria-hidden />
      </button>
    </th>
  );
}
