import type { DiaryMapVisitView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { enumLabel } from '../../shared/format';
import { appSignalText } from '../../records/visit-records/app-signal';

interface MapConfig {
  tileUrl: string;
  attribution: string;
}

/** The UI server's /map-config.json (MAP_TILE_URL); OpenStreetMap where it has none (the Vite dev server). */
const FALLBACK_CONFIG: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};
/** Great Britain, when there is nothing to show. */
const GB_CENTRE: L.LatLngTuple = [54.0, -2.5];

async function mapConfig(): Promise<MapConfig> {
  try {
    const reply = await fetch('/map-config.json', { credentials: 'same-origin' });
    if (!reply.ok) return FALLBACK_CONFIG;
    const body = (await reply.json()) as Partial<MapConfig>;
    return typeof body.tileUrl === 'string'
      ? { tileUrl: body.tileUrl, attribution: body.attribution ?? '' }
      : FALLBACK_CONFIG;
  } catch {
    return FALLBACK_CONFIG;
  }
}

const STATUS_COLOURS: Record<string, string> = { in_progress: '#b45309', completed: '#15803d', scheduled: '#1d4ed8' };
/** The dot of a visit in any other status (missed, cancelled ...). */
const OTHER_COLOUR = '#475569';

/** The key under the map: one entry per dot colour shown, in a fixed order, "Other status" last. */
function mapKey(visits: readonly DiaryMapVisitView[]): { label: string; colour: string }[] {
  const shown = new Set(visits.map((visit) => visit.status as string));
  const entries = Object.entries(STATUS_COLOURS)
    .filter(([status]) => shown.has(status))
    .map(([status, colour]) => ({ label: enumLabel(status), colour }));
  const other = [...shown].some((status) => !(status in STATUS_COLOURS));
  return other ? [...entries, { label: 'Other status', colour: OTHER_COLOUR }] : entries;
}
const nameOf = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'Unassigned';

/**
 * Visits at their check-in location on a Leaflet map. The markers are vector circles in Leaflet's own overlay, not
 * tile images, so they show on the map's plain background when the tile server cannot be reached; a note says so.
 * `follow`: refit the view to the markers on every update (the live map), not only on the first.
 */
export function VisitMap({
  visits,
  label,
  follow = false,
}: {
  visits: readonly DiaryMapVisitView[];
  label: string;
  follow?: boolean;
}) {
  const config = useQuery({ queryKey: ['map-config'], queryFn: mapConfig, staleTime: Infinity });
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!element.current || !config.data) return;
    const created = L.map(element.current, { center: GB_CENTRE, zoom: 6 });
    L.tileLayer(config.data.tileUrl, { attribution: config.data.attribution, maxZoom: 19 })
      .on('tileerror', () => setTilesFailed(true))
      .on('tileload', () => setTilesFailed(false))
      .addTo(created);
    markers.current = L.layerGroup().addTo(created);
    map.current = created;
    fitted.current = false;
    return () => {
      created.remove();
      map.current = null;
      markers.current = null;
    };
  }, [config.data]);

  useEffect(() => {
    const current = map.current;
    const layer = markers.current;
    if (!current || !layer) return;
    layer.clearLayers();
    for (const visit of visits) {
      const colour = STATUS_COLOURS[visit.status] ?? OTHER_COLOUR;
      const text = `${nameOf(visit.client)}, ${nameOf(visit.carer)}`;
      L.circleMarker([visit.location.latitude, visit.location.longitude], {
        radius: 9,
        color: '#0f172a',
        weight: 2,
        fillColor: colour,
        fillOpacity: 0.9,
      })
        .bindTooltip(text)
        .bindPopup(() => {
          const box = document.createElement('div');
          const title = document.createElement('strong');
          title.textContent = text;
          box.append(title);
          if (visit.carer) {
            const signal = document.createElement('div');
            signal.textContent = appSignalText(visit.carerAppLastOnline, new Date());
            box.append(signal);
          }
          for (const entry of visit.entries) {
            const line = document.createElement('div');
            line.textContent = entry.title;
            box.append(line);
          }
          return box;
        })
        .addTo(layer);
    }
    if (visits.length > 0 && (follow || !fitted.current)) {
      current.fitBounds(
        L.latLngBounds(visits.map((visit) => [visit.location.latitude, visit.location.longitude] as L.LatLngTuple)),
        { padding: [32, 32], maxZoom: 15 },
      );
      fitted.current = true;
    }
  }, [visits, follow, config.data]);

  const key = mapKey(visits);
  return (
    <div className="diary-map-box">
      {/* Above the map, where it is read before the grey background puzzles anyone. */}
      {tilesFailed && (
        <p className="small diary-map-note" role="status">
          The map tiles could not load: the visits are shown on a plain background.
        </p>
      )}
      <div
        ref={element}
        className="diary-map"
        role="region"
        aria-label={label}
        data-testid="diary-map"
        data-markers={visits.length}
      />
      {key.length > 0 && (
        <ul className="diary-map-key small" aria-label="Key to the dots" data-testid="diary-map-key">
          {key.map((entry) => (
            <li key={entry.label}>
              <span className="diary-map-dot" style={{ background: entry.colour }} aria-hidden />
              {entry.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
