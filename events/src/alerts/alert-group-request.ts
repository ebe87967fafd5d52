import { z } from 'zod';
import { optionalText, requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';

/** The most members one group acknowledgement names (a group larger than this is acknowledged in parts). */
export const MAX_GROUP_MEMBERS = 1000;

/**
 * POST /api/alert-groups/acknowledge: the group's key and each open member as the person's list showed it (its
 * revision), so a member that joined, cleared or changed meanwhile refuses the whole with 409.
 */
export const acknowledgeAlertGroupRequestSchema = z.object({
  group: requiredText('Group is required', TEXT_LIMITS.alertSubject),
  members: z
    .array(
      z.object({
        id: z.uuid('Each member must be an alert id'),
        revision: z.string().regex(/^\d{1,18}$/, 'Each member needs the revision the list showed'),
      }),
      { error: 'Members must be a list of alerts' },
    )
    .min(1, 'Name at least one member')
    .max(MAX_GROUP_MEMBERS, `At most ${MAX_GROUP_MEMBERS} members at once`),
  note: optionalText(TEXT_LIMITS.shortReason),
});
