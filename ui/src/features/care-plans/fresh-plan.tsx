import type { CarePlanDetailView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { carePlanQueryOptions } from './care-plan-queries';

/**
 * A form that changes a plan starts from the plan as the server has it when the form opens: a list card may still
 * show the revision from before the user's previous change (its list reloads in the background), and that revision
 * would be refused as stale. The plan is read afresh once; later reloads do not reset what the user is typing.
 */
export function WithFreshPlan({
  planId,
  children,
}: {
  planId: string;
  children: (plan: CarePlanDetailView) => ReactNode;
}) {
  const query = useQuery({ ...carePlanQueryOptions(planId), refetchOnMount: 'always' });
  const [plan, setPlan] = useState<CarePlanDetailView>();
  useEffect(() => {
    if (!plan && query.data && !query.isFetching) setPlan(query.data);
  }, [plan, query.data, query.isFetching]);
  if (query.isError && !plan)
    return <ListLoadError what="the care plan" error={query.error} onRetry={() => void query.refetch()} />;
  if (!plan) return <ListLoading what="the care plan" />;
  return <>{children(plan)}</>;
}
