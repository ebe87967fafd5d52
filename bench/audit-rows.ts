import type { Row } from './table';

/** The table rows of the audit figures (bench/audit-bench.ts alone, or npm run bench). */
export function auditRows(results: Readonly<Record<string, unknown>>): Row[] {
  const r = results as Record<string, number>;
  const rows: Row[] = [];
  if ('appendRatio' in results) {
    rows.push(
      { metric: 'appendPerSec', value: r.appendPerSec!, unit: 'events/s' },
      { metric: 'rawInsertPerSec', value: r.rawInsertPerSec!, unit: 'rows/s' },
      { metric: 'appendRatio', value: r.appendRatio!, unit: 'x', target: { atLeast: 0.33 } },
      { metric: 'appendUnsealedPerSec', value: r.appendUnsealedPerSec!, unit: 'events/s' },
      { metric: 'appendChainCost', value: r.appendChainCost!, unit: 'x', target: { atMost: 0.1 } },
      {
        metric: 'appendConcurrentPerSec',
        value: r.appendConcurrentPerSec!,
        unit: 'events/s',
        target: { atLeast: 2783 },
      },
      { metric: 'appendConcurrentRatio', value: r.appendConcurrentRatio!, unit: 'x' },
    );
  }
  if ('verifyLogPerSec' in results) {
    rows.push(
      { metric: 'verifyLogPerSec', value: r.verifyLogPerSec!, unit: 'events/s', target: { atLeast: 100_000 } },
      { metric: 'sealPerSec', value: r.sealPerSec!, unit: 'events/s' },
    );
  }
  if ('auditTimelineP99Ms' in results) {
    rows.push(
      { metric: 'auditTimelineP50Ms', value: r.auditTimelineP50Ms!, unit: 'ms' },
      { metric: 'auditTimelineP99Ms', value: r.auditTimelineP99Ms!, unit: 'ms', target: { atMost: 100 } },
      { metric: 'clientFileAsOfP50Ms', value: r.clientFileAsOfP50Ms!, unit: 'ms' },
      { metric: 'clientFileAsOfP99Ms', value: r.clientFileAsOfP99Ms!, unit: 'ms', target: { atMost: 100 } },
    );
  }
  return rows;
}
