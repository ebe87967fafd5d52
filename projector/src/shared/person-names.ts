import { z } from 'zod';

/**
 * Names (and the few other facts a record about a person shows) read from the carer and client slices' events
 * by type, so a projection that shows people depends only on the fields it needs (events/src/carers,
 * events/src/clients). A projection keeps its own copy and never deletes it: a care record keeps showing the
 * carer's and client's names after they are removed (a legal record).
 */
const nameParts = { firstName: z.string().optional(), lastName: z.string().optional() };
const PERSON_EVENTS = {
  CarerRegistered: {
    kind: 'carer',
    schema: z.object({ carerId: z.uuid(), userId: z.uuid().nullable(), firstName: z.string(), lastName: z.string() }),
  },
  CarerDetailsChanged: { kind: 'carer', schema: z.object({ carerId: z.uuid(), changes: z.object(nameParts) }) },
  ClientRegistered: {
    kind: 'client',
    schema: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), address: z.string() }),
  },
  ClientDetailsChanged: {
    kind: 'client',
    schema: z.object({ id: z.uuid(), changes: z.object({ ...nameParts, address: z.string().optional() }) }),
  },
} as const;

export type PersonEventType = keyof typeof PERSON_EVENTS;
export const isPersonEvent = (type: string): type is PersonEventType => Object.hasOwn(PERSON_EVENTS, type);

/** What one person event says; undefined fields did not change. */
export interface PersonChange {
  readonly kind: 'carer' | 'client';
  readonly id: string;
  /** True for the registration (every field present), false for a details change. */
  readonly registered: boolean;
  readonly firstName: string | undefined;
  readonly lastName: string | undefined;
  /** Clients only: the address a visit goes to. */
  readonly address: string | undefined;
  /** Carers only: the account linked (at registration, or by a link; null: none), undefined when unchanged. */
  readonly userId: string | null | undefined;
}

export function personChangeOf(type: PersonEventType, data: unknown): PersonChange {
  const { kind, schema } = PERSON_EVENTS[type];
  const parsed: Record<string, unknown> = schema.parse(data);
  const id = String(parsed.carerId ?? parsed.id);
  const registered = !('changes' in parsed);
  const fields = (registered ? parsed : parsed.changes) as { firstName?: string; lastName?: string; address?: string };
  return {
    kind,
    id,
    registered,
    firstName: fields.firstName,
    lastName: fields.lastName,
    address: kind === 'client' ? fields.address : undefined,
    userId: typeof parsed.userId === 'string' || parsed.userId === null ? parsed.userId : undefined,
  };
}
