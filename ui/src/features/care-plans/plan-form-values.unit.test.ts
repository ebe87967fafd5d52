import {
  createCarePlanRequestSchema,
  updateCarePlanRequestSchema,
  type CarePlanTemplateView,
  type ClientView,
} from '@care/events';
import { describe, expect, it } from 'vitest';
import { createRequestOf, newPlanValues, updateRequestOf, withClient, withTemplate } from './plan-form-values';

const template = {
  id: '0190a5b2-7c3d-7e4f-8a1b-000000000002',
  name: 'Dementia',
  kind: 'dementia',
  title: 'Dementia care plan',
  description: 'Routine',
  objectives: ['Keep a routine'],
  interventions: [],
  goals: [],
  visitTasks: [{ visitType: 'companionship', tasks: ['Memory book'] }],
} as unknown as CarePlanTemplateView;
const client = {
  id: '0190a5b2-7c3d-7e4f-8a1b-000000000001',
  allergies: ['Penicillin'],
  medicalConditions: ['Dementia'],
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
} as unknown as ClientView;

describe('the plan form', () => {
  it('starts a plan from a template and the client record, and sends what the API accepts', () => {
    let values = withClient(withTemplate(newPlanValues('2026-11-23'), template), client);
    values = { ...values, risks: { ...values.risks, falls: { level: 'high', notes: 'Two falls' } } };
    const request = createRequestOf(values);
    expect(request).toMatchObject({
      clientId: client.id,
      templateId: template.id,
      reviewDate: '2027-02-22',
      title: 'Dementia care plan',
      objectives: ['Keep a routine'],
      allergies: ['Penicillin'],
      emergencyContacts: [{ name: 'Paul Green', phone: '07700 900123', relationship: 'Emergency contact' }],
      riskAssessment: [{ area: 'falls', level: 'high', notes: 'Two falls' }],
      visitTasks: [{ visitType: 'companionship', tasks: ['Memory book'] }],
    });
    expect(createCarePlanRequestSchema.safeParse(request).success).toBe(true);
  });

  it('an update needs the reason, in the server words', () => {
    const result = updateCarePlanRequestSchema.safeParse(updateRequestOf({ ...newPlanValues(), title: 'x' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['reason'], message: 'Say why the plan changed' });
  });
});
