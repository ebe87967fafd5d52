import { z } from 'zod';
import {
  familyAgencyViewSchema,
  familyCarePlanViewSchema,
  familyClientViewSchema,
  familyMedicationSummarySchema,
  familyVisitViewSchema,
} from '@care/events';
import { errorReplySchema } from '@care/events/api';
import type { RouteDoc } from '../openapi/route-doc';
import { familyMedicationsQuery, familyVisitsQuery } from './family-routes';

const family = ['family.portal'] as const;
const notInScope = {
  404: {
    description:
      'No such client, or not one the caller has active access to (the same reply either way); for medications also when the client has not agreed to share them',
    schema: errorReplySchema,
  },
};

/** The family portal's reads (read-api/src/family/family-routes.ts), for the API's route catalogue. */
export const FAMILY_READ_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family/clients',
    summary: 'The clients the family member has active access to, with who they are to each',
    access: family,
    replies: { 200: { description: 'OK', schema: z.array(familyClientViewSchema) } },
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family/clients/:clientId/visits',
    summary:
      "A client's upcoming visits (soonest first) or past visits (newest first): times, the carer's first name, tasks done and the note the carer shared",
    access: family,
    query: familyVisitsQuery,
    replies: {
      200: {
        description: 'OK',
        schema: z.array(familyVisitViewSchema),
        headers: { 'X-Total-Count': 'Rows matching before limit and offset' },
      },
    },
    errors: notInScope,
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family/clients/:clientId/medications',
    summary: "A client's medication summary per day (given, refused, missed, not recorded), when the client shares it",
    access: family,
    query: familyMedicationsQuery,
    replies: { 200: { description: 'OK', schema: familyMedicationSummarySchema } },
    errors: notInScope,
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family/clients/:clientId/care-plan',
    summary: "The summary of a client's current care plan: title, description, objectives and goals (null: none)",
    access: family,
    replies: { 200: { description: 'OK', schema: familyCarePlanViewSchema } },
    errors: notInScope,
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family/agency',
    summary: "The agency's name, address, phone, email and on-call number",
    access: family,
    replies: { 200: { description: 'OK', schema: familyAgencyViewSchema } },
  },
];
