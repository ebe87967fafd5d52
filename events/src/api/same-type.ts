/**
 * True when A and B are assignable both ways. A reply schema exports a check such as
 * `export type AlertViewSchemaMatches = Expect<Same<z.infer<…>, View>>` (exported so the compiler's unused-name check
 * keeps it, named after its file so no two collide) so a field added to a view type (the reply) and not to its schema (the documentation) fails `npm run typecheck`.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Expect<T extends true> = T;
