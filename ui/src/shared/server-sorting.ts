import type { ListOrder } from '@care/events';
import type { SortingState, Updater } from '@tanstack/react-table';

/**
 * The sorting options of a table whose list the server sorts (the whole list, before paging): the header shows
 * `order`, and a click asks for another order through `onOrderChange` instead of sorting the rows on screen, which
 * would put a later page's rows out of place. Spread into useReactTable's options; `sorts` are the column ids the
 * server knows.
 */
export function serverSorting<S extends string>(
  order: ListOrder<S>,
  sorts: readonly S[],
  onOrderChange: (order: ListOrder<S>) => void,
) {
  const sorting: SortingState = [{ id: order.sort, desc: order.direction === 'desc' }];
  return {
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      const sort = sorts.find((known) => known === next?.id);
      if (next && sort) onOrderChange({ sort, direction: next.desc ? 'desc' : 'asc' });
    },
    manualSorting: true,
    enableSortingRemoval: false,
  };
}
