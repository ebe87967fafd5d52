import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { decideSubjectAccess } from './decide';

const subjectId = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const exportId = '5b0b3b8e-9f7a-4c1e-8d2b-1f2e3d4c5b6a';

describe('recording a subject access request', () => {
  it('given a client with a record, records who asked about whom with the reference', () => {
    expect(
      decideSubjectAccess({ subjectKind: 'client', subjectId, reference: 'Letter of 20/11/2026' }, 3, exportId),
    ).toEqual({
      type: 'SubjectAccessExported',
      data: { exportId, subjectKind: 'client', subjectId, reference: 'Letter of 20/11/2026' },
    });
  });

  it('given no reference, records none', () => {
    expect(decideSubjectAccess({ subjectKind: 'carer', subjectId }, 1, exportId).data.reference).toBeNull();
  });

  it.each([
    ['client', 'Client not found'],
    ['carer', 'Carer not found'],
  ] as const)('given no %s stream, refuses as not found', (subjectKind, message) => {
    const refusal = (() => {
      try {
        decideSubjectAccess({ subjectKind, subjectId }, 0, exportId);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'not_found', message });
  });
});
