import {
  agreeCarePlanRequestSchema,
  changeCarePlanStatusRequestSchema,
  createCarePlanRequestSchema,
  createCarePlanTemplateRequestSchema,
  recordCarePlanReviewRequestSchema,
  updateCarePlanRequestSchema,
} from '@care/events';
import { describe, expect, it } from 'vitest';
import { demoCarePlans, demoCarePlanTemplates } from './demo-care-plans';

const clients = Array.from({ length: 140 }, (_, index) => ({
  id: `0190a5b2-7c3d-7e4f-8a1b-${String(index).padStart(12, '0')}`,
  firstName: `Client${index}`,
}));
const templateIds = { personal_care: 'a', dementia: 'b', reablement: 'c', end_of_life: 'd', other: 'e' };
const today = '2026-11-23';

describe('demo care plans', () => {
  const plans = demoCarePlans(clients, templateIds, today);

  it('four templates (personal care, dementia, reablement, end of life) the API accepts', () => {
    const templates = demoCarePlanTemplates();
    expect(templates.map((template) => template.kind)).toEqual([
      'personal_care',
      'dementia',
      'reablement',
      'end_of_life',
    ]);
    for (const template of templates)
      expect(createCarePlanTemplateRequestSchema.safeParse(template).success, template.name).toBe(true);
  });

  it('a plan for most clients, some overdue, some due within 30 days, the rest later', () => {
    expect(plans.length).toBeGreaterThan(clients.length * 0.8);
    const days = plans.map((plan) => (Date.parse(plan.create.reviewDate as string) - Date.parse(today)) / 86_400_000);
    expect(days.filter((day) => day < 0).length).toBeGreaterThan(5);
    expect(days.filter((day) => day >= 0 && day <= 30).length).toBeGreaterThan(10);
    expect(days.filter((day) => day > 30).length).toBeGreaterThan(50);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(-365);
  });

  it('reviews on time the plans that fell due during the quarter, all but two, and books the next review', () => {
    const fellDue = plans.filter((plan) => (plan.create.reviewDate as string) < today);
    const overdue = fellDue.filter((plan) => plan.review === null);
    expect(fellDue.length).toBeGreaterThan(10);
    expect(overdue).toHaveLength(2);
    for (const plan of fellDue) {
      if (!plan.review) continue;
      expect(recordCarePlanReviewRequestSchema.safeParse(plan.review).success).toBe(true);
      expect(plan.review.reviewedOn < (plan.create.reviewDate as string)).toBe(true);
      expect(plan.review.nextReviewDate > today).toBe(true);
    }
    expect(plans.filter((plan) => (plan.create.reviewDate as string) >= today).every((plan) => !plan.review)).toBe(
      true,
    );
  });

  it('every request passes its schema (the plan id filled in later)', () => {
    for (const plan of plans) {
      expect(
        createCarePlanRequestSchema.safeParse({ ...plan.create, templateId: '0190a5b2-7c3d-7e4f-8a1b-000000000abc' })
          .success,
      ).toBe(true);
      if (plan.agree) expect(agreeCarePlanRequestSchema.safeParse({ ...plan.agree, version: 1 }).success).toBe(true);
      if (plan.update) expect(updateCarePlanRequestSchema.safeParse(plan.update).success).toBe(true);
      if (plan.status) expect(changeCarePlanStatusRequestSchema.safeParse(plan.status).success).toBe(true);
    }
    expect(plans.some((plan) => plan.update && plan.agreeUpdate)).toBe(true);
    expect(plans.some((plan) => plan.status)).toBe(true);
  });
});
