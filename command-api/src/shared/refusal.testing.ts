import { expect } from 'vitest';
import { DomainError } from './domain-error';

/** For given/when/then tests: runs a decision expected to refuse and returns what the refusal says. */
export function refusal(run: () => unknown): Pick<DomainError, 'kind' | 'message' | 'field'> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { kind, message, field } = error as DomainError;
    return { kind, message, field };
  }
  throw new Error('expected a refusal');
}
