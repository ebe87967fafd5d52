import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import type { EmergencyContextView, EmergencyRaisedReply } from './emergency-view';

export const emergencyContextViewSchema = z.strictObject({
  emergencyNumber: z.string(),
  onCallPhone: z.string().nullable(),
  visit: z
    .strictObject({
      appointmentId: z.uuid(),
      scheduledStart: z.string(),
      status: z.string(),
      client: z.strictObject({
        id: z.uuid(),
        firstName: z.string(),
        lastName: z.string(),
        address: z.string(),
        phoneNumber: z.string().nullable(),
        emergencyContact: z.string(),
        emergencyPhone: z.string(),
      }),
    })
    .nullable(),
});

export const emergencyRaisedReplySchema = z.strictObject({
  id: z.uuid(),
  alertId: z.uuid(),
  revision: z.string(),
  position: z.string(),
});

export type EmergencyViewSchemaContext = Expect<Same<z.infer<typeof emergencyContextViewSchema>, EmergencyContextView>>;
export type EmergencyViewSchemaReply = Expect<Same<z.infer<typeof emergencyRaisedReplySchema>, EmergencyRaisedReply>>;
