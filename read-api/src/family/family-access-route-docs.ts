import { z } from 'zod';
import {
  acceptFamilyInvitationRequestSchema,
  checkFamilyInvitationRequestSchema,
  familyInvitationCheckReplySchema,
  familyAccessViewSchema,
  inviteFamilyMemberRequestSchema,
  withdrawFamilyAccessRequestSchema,
} from '@care/events';
import { commandReplySchema, errorReplySchema, messageReplySchema } from '@care/events/api';
import type { RouteDoc } from '../openapi/route-doc';
import { familyAccessListQuery } from './family-access-routes';

const office = ['family.invite'] as const;

/**
 * Family accounts (command-api/src/family/family-routes.ts, read-api/src/family/family-access-routes.ts), for the
 * API's route catalogue: inviting, accepting, withdrawing, and the office's list.
 */
export const FAMILY_ACCESS_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/clients/:id/family',
    summary:
      "Invite a person to the client's family portal by email: the client themself, a relative (with the client's recorded consent) or an attorney (with the lasting power of attorney's reference); mails a one-time link, valid 7 days, to choose a password. The same email invited for a second client is the same account",
    access: office,
    body: inviteFamilyMemberRequestSchema,
    replies: { 201: { description: "Invited: the access's id", schema: commandReplySchema } },
    errors: {
      404: { description: 'No such client', schema: errorReplySchema },
      409: {
        description:
          'The email belongs to a staff account, or the person already has access (or an invitation waiting) for this client',
        schema: errorReplySchema,
      },
    },
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/family-access/:accessId/withdraw',
    summary:
      "End a family member's access, with a reason; when it was their last active access their sessions end at once and they can no longer sign in",
    access: office,
    body: withdrawFamilyAccessRequestSchema,
    replies: { 200: { description: 'Withdrawn (or already withdrawn)', schema: commandReplySchema } },
    errors: { 404: { description: 'No such access', schema: errorReplySchema } },
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/login/family-invitation',
    summary:
      "Accept a family invitation with its one-time link's token, and the password the person chooses unless they already sign in to the portal: the access becomes active and the account can sign in",
    access: 'public',
    body: acceptFamilyInvitationRequestSchema,
    replies: { 200: { description: 'Accepted', schema: messageReplySchema } },
  },
  {
    service: 'command-api',
    method: 'POST',
    path: '/api/login/family-invitation/check',
    summary:
      'Whether a family invitation link still works, and whether the person must choose a password (not if they already sign in to the portal); nothing is spent',
    access: 'public',
    body: checkFamilyInvitationRequestSchema,
    replies: { 200: { description: 'The link works', schema: familyInvitationCheckReplySchema } },
  },
  {
    service: 'read-api',
    method: 'GET',
    path: '/api/clients/:id/family',
    summary:
      "The client's family accesses, newest invitation first: who was invited, who has access and since when, and who was withdrawn (and why)",
    access: ['family.read'],
    query: familyAccessListQuery,
    replies: {
      200: {
        description: 'OK',
        schema: z.array(familyAccessViewSchema),
        headers: { 'X-Total-Count': 'Rows matching before limit and offset' },
      },
    },
    errors: { 404: { description: 'No such client', schema: errorReplySchema } },
  },
];
