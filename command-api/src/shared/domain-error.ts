/** A command refused by the domain: `decide` throws it, the HTTP layer maps its kind to a status. */
/** `forbidden`: a rule about who may do it that only the record itself can answer (e.g. only its author). */
export type DomainErrorKind = 'not_found' | 'conflict' | 'invalid' | 'forbidden';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The request field the refusal is about, shown under that field in the form. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
