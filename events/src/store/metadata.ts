import { z } from 'zod';

/** Who did it, when, and which request it belongs to: carried by every event. */
export const eventMetadataSchema = z.object({
  userId: z.string().min(1),
  occurredAt: z.iso.datetime(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  /** True on the demo loader's events: generated sample data, not a record of care. */
  demo: z.literal(true).optional(),
  /**
   * Recorded on a device while it was offline and sent later: the device's clock when the person recorded it
   * (occurredAt is then when the server received it), and which device it was.
   */
  capturedAt: z.iso.datetime().optional(),
  deviceId: z.string().min(1).max(64).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;
