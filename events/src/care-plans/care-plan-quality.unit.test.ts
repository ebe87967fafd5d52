import { describe, expect, it } from 'vitest';
import { diffCarePlans } from './care-plan-diff';
import type { CarePlanContent } from './care-plan-events';
import { RISK_AREAS } from './care-plan-enums';
import { isHighRisk, planQuality, QUALITY_CHECKS } from './care-plan-quality';

const full: CarePlanContent = {
  title: 'Personal care',
  description: 'Morning support',
  objectives: ['Stay at home'],
  interventions: ['Strip wash'],
  goals: ['Dress alone'],
  riskAssessment: RISK_AREAS.map((area) => ({ area, level: 'low' as const, notes: null })),
  allergies: [],
  medicalConditions: [],
  emergencyContacts: [{ name: 'Sarah', phone: '07700 900123', relationship: 'Daughter' }],
  visitTasks: [{ visitType: 'personal_care', tasks: ['Wash'] }],
};

describe('planQuality', () => {
  it('a plan filled, agreed and in date scores 100 and lacks nothing', () => {
    expect(
      planQuality({ content: full, version: 2, agreedVersion: 2, reviewDate: '2026-12-01' }, '2026-11-23'),
    ).toEqual({ score: 100, missing: [] });
  });

  it('each failed check costs one ninth and is named', () => {
    const plan = {
      content: { ...full, goals: [], riskAssessment: full.riskAssessment.slice(1) },
      version: 3,
      agreedVersion: 2,
      reviewDate: '2026-11-22',
    };
    expect(QUALITY_CHECKS).toHaveLength(9);
    expect(planQuality(plan, '2026-11-23')).toEqual({
      score: 56,
      missing: ['Goals', 'All six risks rated', 'Current version agreed', 'Review date not passed'],
    });
  });

  it('a client is high risk when any rating is high', () => {
    expect(isHighRisk(full)).toBe(false);
    expect(isHighRisk({ riskAssessment: [{ area: 'falls', level: 'high', notes: null }] })).toBe(true);
  });
});

describe('diffCarePlans', () => {
  it('lists only the fields that differ, with the lines added and removed', () => {
    const after: CarePlanContent = {
      ...full,
      goals: ['Dress alone', 'Walk to the shop'],
      riskAssessment: full.riskAssessment.map((rating) =>
        rating.area === 'falls' ? { ...rating, level: 'high', notes: 'New fall' } : rating,
      ),
    };
    expect(diffCarePlans(full, after)).toEqual([
      {
        field: 'goals',
        label: 'Goals',
        before: ['Dress alone'],
        after: ['Dress alone', 'Walk to the shop'],
        added: ['Walk to the shop'],
        removed: [],
      },
      expect.objectContaining({
        field: 'riskAssessment',
        label: 'Risk assessment',
        added: ['Falls: High (New fall)'],
        removed: ['Falls: Low'],
      }),
    ]);
    expect(diffCarePlans(full, full)).toEqual([]);
  });
});
