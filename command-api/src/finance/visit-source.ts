import type pg from 'pg';
import type { CompletedVisit } from './invoice-generation';

/** Where invoice generation finds a period's completed visits (a seam: tests give their own). */
export interface VisitSource {
  completedVisits(
    periodStart: string,
    periodEnd: string,
    clientId: string | null,
  ): Promise<(CompletedVisit & { clientId: string })[]>;
}

/**
 * The appointments read model serves as the index of completed visits in the period (the command side keeps no
 * per-client visit list). Actual minutes are check-in to check-out; every figure the invoice charges is copied
 * into its lines, so the invoice stands on its own whatever the read model later shows.
 */
export function readModelVisitSource(pool: pg.Pool): VisitSource {
  return {
    async completedVisits(periodStart, periodEnd, clientId) {
      const { rows } = await pool.query<{
        id: string;
        client_id: string;
        date: string;
        duration_minutes: number;
        visit_type: string;
        actual_minutes: number | null;
        mileage_tenths: number | null;
      }>(
        `SELECT id, client_id, to_char(date, 'YYYY-MM-DD') AS date, duration_minutes, visit_type, mileage_tenths,
                CASE WHEN checked_in_at IS NOT NULL AND checked_out_at IS NOT NULL
                     THEN GREATEST(0, ROUND(EXTRACT(EPOCH FROM (checked_out_at - checked_in_at)) / 60))::int END AS actual_minutes
           FROM read_model.appointments
          WHERE status = 'completed' AND date BETWEEN $1 AND $2 AND ($3::uuid IS NULL OR client_id = $3::uuid)
          ORDER BY date, id`,
        [periodStart, periodEnd, clientId],
      );
      return rows.map((row) => ({
        appointmentId: row.id,
        clientId: row.client_id,
        date: row.date,
        serviceName: visitTypeLabel(row.visit_type),
        plannedMinutes: row.duration_minutes,
        actualMinutes: row.actual_minutes,
        mileageTenths: row.mileage_tenths,
      }));
    },
  };
}

function visitTypeLabel(visitType: string): string {
  const words = visitType.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
