import type { z } from 'zod';

/** One domain event type: its name, schema version and data schema. */
export interface EventDefinition<TType extends string, TSchema extends z.ZodType> {
  readonly type: TType;
  readonly schemaVersion: number;
  readonly schema: TSchema;
}

export function defineEvent<const TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schemaVersion: number,
  schema: TSchema,
): EventDefinition<TType, TSchema> {
  return { type, schemaVersion, schema };
}

/** The typed union of a list of definitions: { type, data }. */
export type EventOf<TDefs extends readonly EventDefinition<string, z.ZodType>[]> = {
  [K in keyof TDefs]: TDefs[K] extends EventDefinition<infer TType, infer TSchema>
    ? { readonly type: TType; readonly data: z.output<TSchema> }
    : never;
}[number];
