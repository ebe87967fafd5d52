import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { formatPercent } from '../../shared/format';

/** A tab's figures once loaded; while loading or after a failure, says so (nothing retries by itself). */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ListLoading what={what} />;
  if (query.isError) return <ListLoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** An empty state, in the words the tab uses. */
export function EmptyReport({ text, hint }: { text: string; hint?: string }) {
  return (
    <div className="report-empty">
      <p>{text}</p>
      {hint && <p className="muted small">{hint}</p>}
    </div>
  );
}

export const percentText = (value: number | null) => formatPercent(value);
