import { z } from 'zod';

/** The reply: the record's id and the alert raised for the office. */
export const unappliedOfflineRecordReplySchema = z.strictObject({
  id: z.uuid(),
  alertId: z.uuid(),
  revision: z.string(),
  position: z.string(),
});
export type UnappliedOfflineRecordReply = z.infer<typeof unappliedOfflineRecordReplySchema>;
