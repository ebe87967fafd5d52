import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { CARE_PLAN_TEMPLATE_KINDS } from './care-plan-enums';
import { carePlanContentSchema } from './care-plan-events';

/**
 * A starting point for a plan: what is the same for every client with that kind of care. Allergies, conditions,
 * contacts and the risk ratings belong to the client, so a template has none.
 */
export const templateContentSchema = carePlanContentSchema.pick({
  title: true,
  description: true,
  objectives: true,
  interventions: true,
  goals: true,
  visitTasks: true,
});
export type TemplateContent = z.infer<typeof templateContentSchema>;

const templateFields = {
  name: eventText(TEXT_LIMITS.title),
  kind: z.enum(CARE_PLAN_TEMPLATE_KINDS),
  content: templateContentSchema,
};

export const CarePlanTemplateCreated = defineEvent(
  'CarePlanTemplateCreated',
  1,
  z.object({ id: z.uuid(), ...templateFields }),
);
/** Only what changed; a content change holds only the content fields that changed. */
export const CarePlanTemplateChanged = defineEvent(
  'CarePlanTemplateChanged',
  1,
  z.object({
    id: z.uuid(),
    name: templateFields.name.optional(),
    kind: templateFields.kind.optional(),
    content: templateContentSchema.partial(),
  }),
);

export const carePlanTemplateEventDefinitions = [CarePlanTemplateCreated, CarePlanTemplateChanged] as const;
export type CarePlanTemplateEvent = EventOf<typeof carePlanTemplateEventDefinitions>;
export const carePlanTemplateStreamId = (id: string): string => `care-plan-template-${id}`;
