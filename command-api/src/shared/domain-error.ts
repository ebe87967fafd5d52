/** A command refused by the domain: `decide` throws it, the HTTP layer maps its kind to a status. */
export type DomainErrorKind = 'not_found' | 'conflict' | 'invalid';

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
