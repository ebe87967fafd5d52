import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { ALERT_AUDIENCES } from '../alerts/alert-audiences';
import { notificationChoicesSchema } from './account-request';

/**
 * A person set their own notification choices on /settings. A stream of its own (`user-settings-<userId>`), so a
 * preference never moves the account's revision (which sessions and If-Match on the account follow).
 */
export const UserNotificationChoicesSet = defineEvent(
  'UserNotificationChoicesSet',
  1,
  z.object({ userId: z.uuid(), choices: notificationChoicesSchema }),
);

/**
 * A person who reads alerts chose which audiences their own bell, Alerts tile and live count follow (/settings), on
 * the same stream as their notification choices. The lists still show every audience they read.
 */
export const UserAlertAudiencesSet = defineEvent(
  'UserAlertAudiencesSet',
  1,
  z.object({ userId: z.uuid(), audiences: z.array(z.enum(ALERT_AUDIENCES)).max(ALERT_AUDIENCES.length) }),
);

export const accountSliceEvents = [UserNotificationChoicesSet, UserAlertAudiencesSet] as const;
export type AccountSliceEvent = EventOf<typeof accountSliceEvents>;

export const userSettingsStreamId = (userId: string): string => `user-settings-${userId}`;
