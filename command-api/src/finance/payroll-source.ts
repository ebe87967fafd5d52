import type pg from 'pg';
import { DEFAULT_TRAVEL_MODE, estimateTravel, TRAVEL_MODES, type Place, type TravelMode } from '@care/events';
import type { CarerToPay } from './payroll-decide';

/** Where payroll finds a period's worked visits and a carer's email (a seam: tests may give their own). */
export interface PayrollSource {
  carersToPay(periodStart: string, periodEnd: string): Promise<CarerToPay[]>;
  carerEmail(carerId: string): Promise<{ email: string; name: string } | null>;
}

/**
 * The appointments read model is the index of completed visits (the command side keeps no per-carer list).
 * Actual minutes are check-in to check-out; travel and mileage are what the carer recorded at check-out. For each
 * visit after another the same day, the travel estimated from the previous client's home to this one is read too
 * (payroll-decide counts it where the carer recorded none). Every figure is copied into the payslip event, so a
 * payslip stands on its own whatever the read model later shows.
 */
export function readModelPayrollSource(pool: pg.Pool): PayrollSource {
  return {
    async carersToPay(periodStart, periodEnd) {
      const { rows } = await pool.query<{
        id: string;
        carer_id: string;
        hourly_rate_pence: number | null;
        date: string;
        starts_at: string;
        minutes: number;
        travel_time_minutes: number | null;
        mileage_tenths: number | null;
        client_id: string;
        travel_mode: string;
      }>(
        `SELECT a.id, a.carer_id, a.client_id, c.travel_mode, c.hourly_rate_pence, to_char(a.date, 'YYYY-MM-DD') AS date,
                to_char(COALESCE(a.checked_in_at, a.scheduled_start) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS starts_at,
                GREATEST(0, ROUND(EXTRACT(EPOCH FROM (a.checked_out_at - a.checked_in_at)) / 60))::int AS minutes,
                a.travel_time_minutes, a.mileage_tenths
           FROM read_model.appointments a
           JOIN read_model.carers c ON c.id = a.carer_id
          WHERE a.status = 'completed' AND a.date BETWEEN $1 AND $2
            AND a.checked_in_at IS NOT NULL AND a.checked_out_at IS NOT NULL
          ORDER BY a.carer_id, starts_at, a.id`,
        [periodStart, periodEnd],
      );
      const places = await placesOfClients(pool, [...new Set(rows.map((row) => row.client_id))]);
      const byCarer = new Map<string, CarerToPay & { visits: CarerToPay['visits'][number][] }>();
      for (const [index, row] of rows.entries()) {
        const previous = rows[index - 1];
        const afterAnother = previous?.carer_id === row.carer_id && previous.date === row.date;
        const carer = byCarer.get(row.carer_id) ?? {
          carerId: row.carer_id,
          hourlyRatePence: row.hourly_rate_pence,
          visits: [],
        };
        carer.visits.push({
          appointmentId: row.id,
          date: row.date,
          startsAt: row.starts_at,
          minutes: row.minutes,
          travelMinutes: row.travel_time_minutes,
          mileageTenths: row.mileage_tenths,
          estimatedTravelMinutes: afterAnother ? estimatedMinutes(places, previous.client_id, row, modeOf(row)) : null,
        });
        byCarer.set(row.carer_id, carer);
      }
      return [...byCarer.values()];
    },
    async carerEmail(carerId) {
      const { rows } = await pool.query<{ email: string; name: string }>(
        `SELECT email, first_name || ' ' || last_name AS name FROM read_model.carers WHERE id = $1`,
        [carerId],
      );
      return rows[0] ?? null;
    },
  };
}

const modeOf = (row: { travel_mode: string }): TravelMode =>
  TRAVEL_MODES.find((mode) => mode === row.travel_mode) ?? DEFAULT_TRAVEL_MODE;

/** Two visits in a row at the same home are no journey; otherwise the estimate, or null when it cannot be made. */
function estimatedMinutes(
  places: ReadonlyMap<string, Place>,
  fromClientId: string,
  to: { client_id: string },
  mode: TravelMode,
): number | null {
  if (fromClientId === to.client_id) return null;
  const from = places.get(fromClientId);
  const there = places.get(to.client_id);
  return from && there ? (estimateTravel(from, there, mode)?.minutes ?? null) : null;
}

/**
 * How many of a client's latest check-ins stand for where they live when no coordinates were recorded; the read
 * side's travel-places.ts learns the same way, so the rota's estimate and the payslip's agree.
 */
const LEARNT_FROM_CHECK_INS = 30;

/**
 * Where each client lives: the recorded postcode and coordinates, or else the median of the check-in places at the
 * client's latest visits. One query for all of them.
 */
async function placesOfClients(pool: pg.Pool, clientIds: readonly string[]): Promise<Map<string, Place>> {
  if (clientIds.length === 0) return new Map();
  const { rows } = await pool.query<{
    id: string;
    postcode: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    `SELECT c.id, c.postcode,
            COALESCE(c.latitude, learnt.latitude) AS latitude,
            CASE WHEN c.latitude IS NULL THEN learnt.longitude ELSE c.longitude END AS longitude
       FROM read_model.clients c
       LEFT JOIN LATERAL (
         SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY latest.latitude) AS latitude,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY latest.longitude) AS longitude
           FROM (SELECT (a.check_in_location->>'latitude')::float8 AS latitude,
                        (a.check_in_location->>'longitude')::float8 AS longitude
                   FROM read_model.appointments a
                  WHERE a.client_id = c.id AND a.check_in_location IS NOT NULL
                  ORDER BY a.scheduled_start DESC
                  LIMIT $2) latest
       ) learnt ON c.latitude IS NULL OR c.longitude IS NULL
      WHERE c.id = ANY($1::uuid[])`,
    [clientIds, LEARNT_FROM_CHECK_INS],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        postcode: row.postcode,
        coordinates:
          row.latitude === null || row.longitude === null
            ? null
            : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
      },
    ]),
  );
}
