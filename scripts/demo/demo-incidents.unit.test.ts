import { describe, expect, it } from 'vitest';
import { INCIDENT_SEVERITIES, INCIDENT_TYPES, reportIncidentRequestSchema } from '@care/events';
import { demoIncidents } from './demo-incidents';

const NOW = new Date('2026-11-23T10:00:00Z');
const carers = Array.from({ length: 30 }, (_, index) => `0190a6b0-0000-7000-8000-${String(index).padStart(12, '0')}`);
const clients = Array.from({ length: 150 }, (_, index) => `0190a6b1-0000-7000-8000-${String(index).padStart(12, '0')}`);
const coordinator = '0190a6b2-0000-7000-8000-000000000001';

describe('demo incidents', () => {
  const incidents = demoIncidents(coordinator, carers, clients, NOW);

  it('are about forty valid reports over the six weeks before the seed, none in the future', () => {
    expect(incidents).toHaveLength(40);
    for (const { report } of incidents) {
      expect(reportIncidentRequestSchema.safeParse(report).success).toBe(true);
      const occurred = Date.parse(report.dateOccurred);
      expect(occurred).toBeLessThan(NOW.getTime());
      expect(occurred).toBeGreaterThan(NOW.getTime() - 43 * 86_400_000);
    }
  });

  it('cover every type and severity, every state (reopened too), escalations, duties and referrals, and reports by the demo carer', () => {
    expect(new Set(incidents.map(({ report }) => report.type))).toEqual(new Set(INCIDENT_TYPES));
    expect(new Set(incidents.map(({ report }) => report.severity))).toEqual(new Set(INCIDENT_SEVERITIES));
    const last = (steps: readonly { path: string }[]) =>
      steps.filter((step) => ['/investigate', '/resolve', '/close', '/reopen'].includes(step.path)).at(-1)?.path ??
      'reported';
    expect(new Set(incidents.map(({ steps }) => last(steps)))).toEqual(
      new Set(['reported', '/investigate', '/resolve', '/close', '/reopen']),
    );
    const paths = incidents.flatMap(({ steps }) => steps.map((step) => step.path));
    for (const path of ['/escalate', '/duties', '/duties/steps', '/safeguarding-referrals', '/notes'])
      expect(paths).toContain(path);
    expect(incidents.filter(({ by }) => by === 'carer').length).toBeGreaterThan(0);
  });
});
