import { useQuery } from '@tanstack/react-query';
import { todayCountQueryOptions } from '../../records/appointments/appointment-queries';

/** The Schedule tab's badge: today's appointment count, shown only above 0. */
export function TodayCountBadge() {
  const { data } = useQuery(todayCountQueryOptions);
  if (!data || data.count <= 0) return null;
  return (
    <span className="tab-badge" aria-label={`${data.count} appointments today`}>
      {data.count}
    </span>
  );
}
