import {
  familyConcernViewSchema,
  officeFamilyConcernViewSchema,
  raiseFamilyConcernRequestSchema,
  replyFamilyConcernRequestSchema,
} from '@care/events';
import { commandReplySchema, errorReplySchema } from '@care/events/api';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/route-doc';
import { familyConcernsQuery, officeFamilyConcernsQuery } from './family-concern-routes';

const notInScope = {
  404: {
    description: 'No such client, or not one the caller has active access to (the same reply either way)',
    schema: errorReplySchema,
  },
};
const page = { 'X-Total-Count': 'Rows matching before limit and offset' };

/** Family concerns and compliments (docs/features/family-concerns.md), for the API's route catalogue. */
export const FAMILY_CONCERN_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/family/clients/:clientId/concerns',
    summary:
      "A family member raises a concern or a compliment about their client, optionally about one of the client's visits. A concern is a welfare item for the office and raises an alert for the care team",
    access: ['family.portal'],
    body: raiseFamilyConcernRequestSchema,
    replies: { 201: { description: "Raised: the message's id", schema: commandReplySchema } },
    errors: notInScope,
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/family-concerns/:id/reply',
    summary:
      "The office replies to a family member's concern or compliment: the family member reads the reply, and the concern's alert is resolved",
    access: ['familyConcerns.reply'],
    body: replyFamilyConcernRequestSchema,
    replies: { 200: { description: 'Answered', schema: commandReplySchema } },
    errors: {
      404: { description: 'No such message', schema: errorReplySchema },
      409: { description: 'Already answered', schema: errorReplySchema },
    },
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family/clients/:clientId/concerns',
    summary:
      "The family member's own concerns and compliments about the client, newest first, with the office's replies",
    access: ['family.portal'],
    query: familyConcernsQuery,
    replies: { 200: { description: 'OK', schema: z.array(familyConcernViewSchema), headers: page } },
    errors: notInScope,
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/family-concerns',
    summary:
      "Family members' concerns and compliments, newest first, with who wrote them, about which client, and the office's reply; `open=true` for the concerns waiting for a reply (welfare items)",
    access: ['familyConcerns.read'],
    query: officeFamilyConcernsQuery,
    replies: { 200: { description: 'OK', schema: z.array(officeFamilyConcernViewSchema), headers: page } },
  },
];
