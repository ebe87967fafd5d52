import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
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

export const accountSliceEvents = [UserNotificationChoicesSet] as const;
export type AccountSliceEvent = EventOf<typeof accountSliceEvents>;

export const userSettingsStreamId = (userId: string): string => `user-settings-${userId}`;
