import type { EventOf } from '../event-definition';
import { carePlanEventDefinitions, clientCarePlanEventDefinitions } from './care-plan-events';
import { carePlanTemplateEventDefinitions } from './care-plan-template-events';

/** Every event of the care-plan slice: plans, the client's plan in use, and templates. */
export const carePlanSliceEvents = [
  ...carePlanEventDefinitions,
  ...clientCarePlanEventDefinitions,
  ...carePlanTemplateEventDefinitions,
] as const;
export type CarePlanSliceEvent = EventOf<typeof carePlanSliceEvents>;
