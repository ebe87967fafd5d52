import { workingPatternEvents } from '@care/events';
import type { Projection } from '../projection';
import { writeRows } from '../shared/bulk-rows';
import { evolveWorkingPatternRecord, type WorkingPatternRecorded } from './working-pattern-record';
import { workingPatternSchema } from './working-pattern-schema';

const PATTERN_EVENTS = new Set<string>(workingPatternEvents.map((definition) => definition.type));

/**
 * Carers' working patterns (GET /api/carers/:id/working-pattern; the rota's weekly limits and the suggestions read
 * them). Each event carries the whole pattern: the batch keeps each carer's last one and writes it with one upsert.
 */
export const workingPatternsProjection: Projection = {
  name: 'working_patterns',
  version: 1,
  tables: ['carer_working_patterns'],
  schema: workingPatternSchema,
  handles: (type) => PATTERN_EVENTS.has(type),
  async apply(db, events) {
    const latest = new Map<string, ReturnType<typeof evolveWorkingPatternRecord>>();
    for (const event of events as WorkingPatternRecorded[]) {
      const record = evolveWorkingPatternRecord(latest.get(event.data.carerId), event);
      latest.set(record.id, record);
    }
    const rows = [...latest.values()].map(({ id, ...rest }) => ({ carer_id: id, ...rest }));
    await writeRows(db, 'carer_working_patterns', rows, { key: ['carer_id'], onConflict: 'replace' });
  },
};
