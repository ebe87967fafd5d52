import {
  addDays,
  londonToday,
  RISK_AREAS,
  VISIT_TYPES,
  type CarePlanTemplateView,
  type CarePlanView,
  type ClientView,
  type CreateCarePlanRequest,
  type RiskArea,
  type RiskLevel,
  type UpdateCarePlanRequest,
  type VisitType,
} from '@care/events';

/** What the plan form edits: every content field, plus the client, template and review date of a new plan. */
export interface PlanFormValues {
  clientId: string;
  templateId: string;
  reviewDate: string;
  reason: string;
  title: string;
  description: string;
  objectives: string[];
  interventions: string[];
  goals: string[];
  risks: Record<RiskArea, { level: RiskLevel | ''; notes: string }>;
  allergies: string[];
  medicalConditions: string[];
  emergencyContacts: { name: string; phone: string; relationship: string }[];
  visitTasks: Record<VisitType, string[]>;
}

const noRisks = () =>
  Object.fromEntries(RISK_AREAS.map((area) => [area, { level: '', notes: '' }])) as PlanFormValues['risks'];
const noTasks = () =>
  Object.fromEntries(VISIT_TYPES.map((type) => [type, []])) as unknown as PlanFormValues['visitTasks'];

/** A new plan: review in three months unless the coordinator says otherwise. */
export function newPlanValues(today: string = londonToday()): PlanFormValues {
  return {
    clientId: '',
    templateId: '',
    reviewDate: addDays(today, 91),
    reason: '',
    title: '',
    description: '',
    objectives: [],
    interventions: [],
    goals: [],
    risks: noRisks(),
    allergies: [],
    medicalConditions: [],
    emergencyContacts: [],
    visitTasks: noTasks(),
  };
}

export function planToValues(plan: CarePlanView): PlanFormValues {
  const risks = noRisks();
  for (const rating of plan.riskAssessment) risks[rating.area] = { level: rating.level, notes: rating.notes ?? '' };
  const visitTasks = noTasks();
  for (const list of plan.visitTasks) visitTasks[list.visitType] = [...list.tasks];
  return {
    ...newPlanValues(),
    clientId: plan.clientId,
    reviewDate: plan.reviewDate,
    title: plan.title,
    description: plan.description,
    objectives: [...plan.objectives],
    interventions: [...plan.interventions],
    goals: [...plan.goals],
    risks,
    allergies: [...plan.allergies],
    medicalConditions: [...plan.medicalConditions],
    emergencyContacts: plan.emergencyContacts.map((contact) => ({ ...contact })),
    visitTasks,
  };
}

/** Choosing a template fills what the template holds; what the coordinator typed in other fields stays. */
export function withTemplate(values: PlanFormValues, template: CarePlanTemplateView): PlanFormValues {
  const visitTasks = noTasks();
  for (const list of template.visitTasks) visitTasks[list.visitType] = [...list.tasks];
  return {
    ...values,
    templateId: template.id,
    title: template.title,
    description: template.description,
    objectives: [...template.objectives],
    interventions: [...template.interventions],
    goals: [...template.goals],
    visitTasks,
  };
}

/** Choosing the client starts allergies, conditions and the emergency contact from their record. */
export function withClient(values: PlanFormValues, client: ClientView): PlanFormValues {
  return {
    ...values,
    clientId: client.id,
    allergies: [...client.allergies],
    medicalConditions: [...client.medicalConditions],
    emergencyContacts: client.emergencyContact
      ? [{ name: client.emergencyContact, phone: client.emergencyPhone, relationship: 'Emergency contact' }]
      : [],
  };
}

function contentOf(values: PlanFormValues) {
  return {
    title: values.title,
    description: values.description,
    objectives: values.objectives,
    interventions: values.interventions,
    goals: values.goals,
    riskAssessment: RISK_AREAS.flatMap((area) => {
      const { level, notes } = values.risks[area];
      return level === '' ? [] : [{ area, level, notes }];
    }),
    allergies: values.allergies,
    medicalConditions: values.medicalConditions,
    emergencyContacts: values.emergencyContacts,
    visitTasks: VISIT_TYPES.flatMap((visitType) =>
      values.visitTasks[visitType].length > 0 ? [{ visitType, tasks: values.visitTasks[visitType] }] : [],
    ),
  };
}

export function createRequestOf(values: PlanFormValues): CreateCarePlanRequest {
  return {
    clientId: values.clientId,
    templateId: values.templateId || null,
    reviewDate: values.reviewDate,
    ...contentOf(values),
  };
}

export function updateRequestOf(values: PlanFormValues): UpdateCarePlanRequest {
  return { ...contentOf(values), reason: values.reason };
}
