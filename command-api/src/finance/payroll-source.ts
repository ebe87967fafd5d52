import type pg from 'pg';
import type { CarerToPay } from './payroll-decide';

/** Where payroll finds a period's worked visits and a carer's email (a seam: tests may give their own). */
export interface PayrollSource {
  carersToPay(periodStart: string, periodEnd: string): Promise<CarerToPay[]>;
  carerEmail(carerId: string): Promise<{ email: string; name: string } | null>;
}

/**
 * The appointments read model is the index of completed visits (the command side keeps no per-carer list).
 * Actual minutes are check-in to check-out; travel and mileage are what the carer recorded at check-out. Every
 * figure is copied into the payslip event, so a payslip stands on its own whatever the read model later shows.
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
      }>(
        `SELECT a.id, a.carer_id, c.hourly_rate_pence, to_char(a.date, 'YYYY-MM-DD') AS date,
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
      const byCarer = new Map<string, CarerToPay & { visits: CarerToPay['visits'][number][] }>();
      for (const row of rows) {
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
