import { addDays, londonToday, type DiaryMapVisitView } from '@care/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, MapPin } from 'lucide-react';
import { useState } from 'react';
import { apiGet } from '../../shared/api';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { withParams } from '../../shared/paged-list';
import { DIARY_PATH } from '../../records/diary/diary-query-keys';
import { DiaryViewLayout } from './diary-view-layout';
import { MapVisitList } from './map-visit-list';
import { VisitMap } from './visit-map';
import '../../records/appointments/appointment-status.css';

const MAP_PATH = `${DIARY_PATH}/map`;
const LIVE_MAP_PATH = `${DIARY_PATH}/live-map`;
/** The live map asks again this often: check-ins and check-outs move visits on and off it. */

function MapBody({
  query,
  label,
  empty,
  follow = false,
}: {
  query: ReturnType<typeof useQuery<DiaryMapVisitView[]>>;
  label: string;
  empty: string;
  follow?: boolean;
}) {
  if (query.isPending) return <ListLoading what="visits" />;
  if (query.isError) return <ListLoadError what="visits" error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <VisitMap visits={query.data} label={label} follow={follow} />
      {query.data.length === 0 ? (
        <div className="card empty-state">
          <MapPin size={36} aria-hidden className="empty-icon" />
          <p>{empty}</p>
        </div>
      ) : (
        <MapVisitList visits={query.data} label={`Visits on the map`} />
      )}
    </>
  );
}

/** /diary/map: a day's visits at their check-in location, with the diary entries recorded against each. */
export function DiaryMapPage() {
  const today = londonToday();
  const [date, setDate] = useState(today);
  const visits = useQuery({
    queryKey: [MAP_PATH, { date }],
    queryFn: () => apiGet<DiaryMapVisitView[]>(withParams(MAP_PATH, { date })),
    placeholderData: keepPreviousData,
  });
  return (
    <DiaryViewLayout title="Map" intro="Visits and their diary entries at the place the carer checked in.">
      <div className="diary-view-toolbar" role="group" aria-label="Day">
        <span className="diary-view-range" aria-live="polite">
          {formatDate(date)}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setDate(addDays(date, -1))}
        >
          <ChevronLeft size={16} aria-hidden />
          Previous day
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setDate(today)}
          disabled={date === today}
        >
          Today
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setDate(addDays(date, 1))}
        >
          Next day
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
      <MapBody
        query={visits}
        label={`Visits on ${formatDate(date)}`}
        empty="No visits with a check-in location on this day."
      />
    </DiaryViewLayout>
  );
}

/** /diary/live-map: the visits in progress at their check-in location, reloaded when a visit changes (live push). */
export function DiaryLiveMapPage() {
  const visits = useQuery({
    queryKey: [LIVE_MAP_PATH],
    queryFn: () => apiGet<DiaryMapVisitView[]>(LIVE_MAP_PATH),
  });
  return (
    <DiaryViewLayout
      title="Live Map"
      intro="Visits in progress now, at the place the carer checked in. Updates as carers check in and out."
    >
      <MapBody query={visits} label="Visits in progress" empty="No visits in progress." follow />
    </DiaryViewLayout>
  );
}
