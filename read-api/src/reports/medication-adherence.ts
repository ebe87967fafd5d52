import type { Kysely } from 'kysely';
import type { QualityMetric, ReportScope } from '@care/events';
import type { ReadModelDatabase } from '@care/projector';

/**
 * Medication adherence (doses given ÷ doses due). Medications and their administration records are issue 17's,
 * built in parallel: until its read model is merged there is nothing recorded to compute from, and the metric says
 * so rather than showing a figure. The lead wires the query here when that table lands.
 */
export async function medicationAdherence(_db: Kysely<ReadModelDatabase>, _scope: ReportScope): Promise<QualityMetric> {
  return {
    key: 'medication',
    label: 'Medication adherence',
    value: null,
    unit: '%',
    numerator: 0,
    denominator: 0,
    rule: 'Doses recorded as given ÷ doses due, from the medication administration records',
    empty: 'No medication administrations recorded',
  };
}
