import { describe, expect, it } from 'vitest';
import type { CarePlanReviewFact } from '@care/projector/rule-facts';
import { carePlanReviewDue, carePlanReviewOverdue } from './care-plan-rules';

/** Given the plans the read model holds, when the rule looks at `now`, then these alerts should be open. */
const NOW = new Date('2026-11-23T10:30:00Z');
const plan = (overrides: Partial<CarePlanReviewFact> = {}): CarePlanReviewFact => ({
  id: '0190a6b0-0000-7000-8000-000000000001',
  clientId: '0190a6b0-0000-7000-8000-0000000000c1',
  clientName: 'Edith Green',
  title: 'Personal care plan',
  status: 'active',
  reviewDate: '2026-12-10',
  ...overrides,
});

describe('care plan review rules', () => {
  it('given a review within 30 days, raises a medium alert about the plan and its client, due on the review date', () => {
    const [alert, ...rest] = carePlanReviewDue.holds([plan()], NOW);
    expect(rest).toEqual([]);
    expect(carePlanReviewDue.severity).toBe('medium');
    expect(alert).toEqual({
      subject: `${plan().id}/2026-12-10`,
      title: 'Care plan review due',
      description: 'Edith Green\'s care plan "Personal care plan" is due for review on 10/12/2026.',
      relatedKind: 'care_plan',
      relatedId: plan().id,
      carerId: null,
      clientId: plan().clientId,
      appointmentId: null,
      actionRequired: 'Review the plan with the client (or their representative) and record the review',
      dueDate: '2026-12-10T23:59:59.000Z',
    });
  });

  it('given a review date passed, raises a high alert saying so', () => {
    const [alert] = carePlanReviewOverdue.holds([plan({ reviewDate: '2026-11-01' })], NOW);
    expect(carePlanReviewOverdue.severity).toBe('high');
    expect(alert).toMatchObject({
      subject: `${plan().id}/2026-11-01`,
      title: 'Care plan review overdue',
      description:
        'Edith Green\'s care plan "Personal care plan" was due for review on 01/11/2026 and has not been reviewed.',
    });
  });

  it('given no plan due (reviewed, rescheduled or inactive), nothing holds, so the runner resolves what was raised', () => {
    expect(carePlanReviewDue.holds([], NOW)).toEqual([]);
    expect(carePlanReviewOverdue.holds([], NOW)).toEqual([]);
  });

  it('a new review date is a new subject, so a rescheduled review raises afresh rather than reopening the old alert', () => {
    const [before] = carePlanReviewDue.holds([plan()], NOW);
    const [after] = carePlanReviewDue.holds([plan({ reviewDate: '2026-12-20' })], NOW);
    expect(before!.subject).not.toBe(after!.subject);
  });
});
