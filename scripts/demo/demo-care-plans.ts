import {
  addDays,
  RISK_AREAS,
  type AgreeCarePlanRequest,
  type CarePlanTemplateKind,
  type ChangeCarePlanStatusRequest,
  type CreateCarePlanRequest,
  type CreateCarePlanTemplateRequest,
  type RecordCarePlanReviewRequest,
  type RiskLevel,
  type UpdateCarePlanRequest,
} from '@care/events';

/** The four starting points an agency keeps (the administrator adds them). */
export function demoCarePlanTemplates(): (CreateCarePlanTemplateRequest & {
  kind: Exclude<CarePlanTemplateKind, 'other'>;
})[] {
  return [
    {
      name: 'Personal care',
      kind: 'personal_care',
      title: 'Personal care plan',
      description: 'Support with washing, dressing, continence and meals so the client can keep living at home.',
      objectives: ['Stay living at home safely', 'Keep skin clean and healthy', 'Eat and drink enough every day'],
      interventions: [
        'Strip wash or shower with a seat, as the client prefers',
        'Help to dress in clothes the client chooses',
        'Prepare breakfast and a hot drink',
      ],
      goals: ['Dress the upper body without help within 3 months'],
      visitTasks: [
        {
          visitType: 'personal_care',
          tasks: [
            'Help with a wash or shower',
            'Help to dress',
            'Check skin for redness',
            'Make breakfast and a drink',
          ],
        },
        { visitType: 'medication', tasks: ['Prompt morning tablets from the blister pack', 'Record on the MAR chart'] },
        { visitType: 'domestic', tasks: ['Tidy the kitchen', 'Put a wash on'] },
      ],
    },
    {
      name: 'Dementia',
      kind: 'dementia',
      title: 'Dementia care plan',
      description:
        'A calm, familiar routine with reassurance, prompting rather than doing, and keeping the client safe at home.',
      objectives: [
        'Keep a familiar daily routine',
        'Reduce distress in the late afternoon',
        'Stay connected with family and friends',
      ],
      interventions: [
        'Use the memory book each visit',
        'Offer simple choices, one at a time',
        'Check doors and the cooker are safe on leaving',
      ],
      goals: ['Join the Thursday memory café with support'],
      visitTasks: [
        {
          visitType: 'personal_care',
          tasks: ['Prompt washing and dressing', 'Lay out clothes for the day', 'Check the cooker is off'],
        },
        {
          visitType: 'companionship',
          tasks: ['Look through the memory book', 'Short walk if the weather allows', 'Note mood in the diary'],
        },
        { visitType: 'medication', tasks: ['Give tablets from the blister pack', 'Watch until they are swallowed'] },
      ],
    },
    {
      name: 'Reablement',
      kind: 'reablement',
      title: 'Reablement plan (6 weeks)',
      description:
        'Short-term support after a hospital stay to regain skills and confidence, reducing help week by week.',
      objectives: [
        'Regain independence in personal care',
        'Walk safely indoors with the frame',
        'Prepare a simple meal',
      ],
      interventions: [
        'Practise the physiotherapist’s exercises daily',
        'Stand by while the client washes, helping only if needed',
        'Practise making a hot drink',
      ],
      goals: ['Manage a wash and dress alone by week 4', 'Make lunch alone by week 6'],
      visitTasks: [
        {
          visitType: 'personal_care',
          tasks: ['Supervise washing and dressing', 'Practise the exercises sheet', 'Record progress'],
        },
        { visitType: 'domestic', tasks: ['Practise making a hot drink', 'Check the walking frame'] },
      ],
    },
    {
      name: 'End of life',
      kind: 'end_of_life',
      title: 'End of life care plan',
      description: 'Comfort, dignity and the client’s wishes first, working with the district nurses and the family.',
      objectives: [
        'Keep the client comfortable and pain-free',
        'Respect the advance care plan and preferred place of death',
        'Support the family',
      ],
      interventions: [
        'Reposition every visit and check pressure areas',
        'Mouth care and sips of fluid',
        'Report pain or distress to the district nurse at once',
      ],
      goals: ['Remain at home, as the client wishes'],
      visitTasks: [
        {
          visitType: 'personal_care',
          tasks: [
            'Reposition and check pressure areas',
            'Mouth care',
            'Offer sips of fluid',
            'Record comfort and pain',
          ],
        },
        { visitType: 'companionship', tasks: ['Sit with the client', 'Check the family are coping'] },
      ],
    },
  ];
}

/** One client's plan and what happens to it after: agreed, updated (a second version), a status change. */
export interface DemoCarePlan {
  readonly create: CreateCarePlanRequest;
  readonly agree: Omit<AgreeCarePlanRequest, 'version'> | null;
  readonly update: UpdateCarePlanRequest | null;
  /** Agree the updated version too. */
  readonly agreeUpdate: boolean;
  readonly status: ChangeCarePlanStatusRequest | null;
  /** The review held a few days before the plan's review date, when that date fell during the quarter. */
  readonly review: RecordCarePlanReviewRequest | null;
}

const KINDS = [
  'personal_care',
  'dementia',
  'personal_care',
  'reablement',
  'personal_care',
  'end_of_life',
  'dementia',
] as const;
const LEVELS: readonly RiskLevel[] = ['low', 'low', 'medium', 'low', 'high', 'medium', 'low'];
const RISK_NOTES: Record<RiskLevel, string | null> = {
  low: null,
  medium: 'Monitor and report changes',
  high: 'See interventions; report any incident at once',
};
const CONSENT = [
  { agreedBy: 'the client', relationship: 'Client', method: 'in_person' },
  { agreedBy: 'Daughter', relationship: 'Daughter, lasting power of attorney', method: 'in_person' },
  { agreedBy: 'Son', relationship: 'Son, lasting power of attorney', method: 'phone' },
] as const;

/**
 * A plan for most active clients (six in seven), from the template that fits, sent through the API by the
 * coordinator: one in nine fell due for review during the quarter and was reviewed a few days before its date (two
 * were not, and are overdue), two in nine are due within 30 days and the rest later; most agreed, some updated to a
 * second version, a few under review.
 */
export function demoCarePlans(
  clients: readonly { id: string; firstName: string }[],
  templateIds: Readonly<Record<CarePlanTemplateKind, string>>,
  today: string,
): DemoCarePlan[] {
  const plans: DemoCarePlan[] = [];
  clients.forEach((client, index) => {
    if (index % 7 === 6) return;
    const kind = KINDS[index % KINDS.length]!;
    // 1 in 9 overdue (up to 40 days), 2 in 9 due within 30 days, the rest 31 to 180 days away.
    const band = index % 9;
    const reviewInDays = band === 0 ? -((index % 40) + 1) : band <= 2 ? (index * 7) % 30 : 31 + ((index * 13) % 150);
    const riskAssessment = RISK_AREAS.filter((_, at) => (index + at) % 8 !== 0).map((area, at) => {
      const level = LEVELS[(index + at * 3) % LEVELS.length]!;
      return { area, level, notes: RISK_NOTES[level] };
    });
    const consent = CONSENT[index % CONSENT.length]!;
    const agreedBy = consent.agreedBy === 'the client' ? client.firstName : consent.agreedBy;
    const agreed = index % 5 !== 1;
    const updated = index % 3 === 0;
    plans.push({
      create: {
        clientId: client.id,
        templateId: templateIds[kind],
        reviewDate: addDays(today, reviewInDays),
        riskAssessment,
      },
      agree: agreed
        ? {
            agreedBy,
            relationship: consent.relationship,
            method: consent.method,
            agreedOn: addDays(today, -((index % 20) + 1)),
          }
        : null,
      update: updated
        ? {
            goals: ['Dress the upper body without help within 3 months', 'Walk to the local shop with a carer'],
            reason: 'New goal agreed at the six-week check',
          }
        : null,
      agreeUpdate: updated && index % 2 === 0,
      status: index % 17 === 4 ? { status: 'under_review', reason: 'Back from hospital: needs reassessment' } : null,
      review:
        // Two of them were not reviewed in time: the overdue reviews an office has on its list.
        reviewInDays < 0 && index !== 0 && index !== 45
          ? {
              reviewedOn: addDays(today, reviewInDays - 1 - (index % 5)),
              outcome: 'no_change',
              notes: 'Reviewed at home with the client and their family; the plan still meets their needs.',
              nextReviewDate: addDays(today, reviewInDays + 182),
            }
          : null,
    });
  });
  return plans;
}
