import type { SubjectAccessEvent, SubjectAccessRequest } from '@care/events';
import { DomainError } from '../shared/domain-error';

/**
 * Records a subject access request, given how many events the subject's own stream holds. A subject with none is
 * unknown (404, nothing appended). A removed client or carer is still a subject: their records are still held, so
 * they may still ask for them.
 */
export function decideSubjectAccess(
  request: SubjectAccessRequest,
  subjectEventCount: number,
  exportId: string,
): SubjectAccessEvent {
  if (subjectEventCount === 0)
    throw new DomainError('not_found', request.subjectKind === 'client' ? 'Client not found' : 'Carer not found');
  return {
    type: 'SubjectAccessExported',
    data: {
      exportId,
      subjectKind: request.subjectKind,
      subjectId: request.subjectId,
      reference: request.reference ?? null,
    },
  };
}
