import type {
  AuditClientFileView,
  AuditRecordAsOfView,
  AuditRecordRefView,
  AuditRecordViewView,
  AuditTimelineEntryView,
} from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiGetEveryPage, apiGetPage } from '../../shared/api';

export const AUDIT_PATH = '/api/audit';
const record = (streamId: string) => `${AUDIT_PATH}/records/${encodeURIComponent(streamId)}`;
const asOfParam = (asOf: string | undefined, first = true) =>
  asOf ? `${first ? '?' : '&'}asOf=${encodeURIComponent(asOf)}` : '';

/** GET /api/audit/records?q=: records by name, client or employee ID, email or id. */
export const auditSearchOptions = (q: string) =>
  queryOptions({
    queryKey: [`${AUDIT_PATH}/records`, q] as const,
    queryFn: () => apiGet<AuditRecordRefView[]>(`${AUDIT_PATH}/records?q=${encodeURIComponent(q)}`),
    enabled: q !== '',
  });

/** Every event of the record (each page read is logged as a view of its history). */
export const auditTimelineOptions = (streamId: string) =>
  queryOptions({
    queryKey: [`${record(streamId)}/timeline`] as const,
    queryFn: () => apiGetEveryPage<AuditTimelineEntryView>(`${record(streamId)}/timeline`),
  });

export const auditRecordOptions = (streamId: string, asOf: string | undefined) =>
  queryOptions({
    queryKey: [record(streamId), asOf ?? 'now'] as const,
    queryFn: () => apiGet<AuditRecordAsOfView>(`${record(streamId)}${asOfParam(asOf)}`),
  });

export const auditClientFileOptions = (clientId: string, asOf: string | undefined) =>
  queryOptions({
    queryKey: [`${AUDIT_PATH}/clients/${clientId}/file`, asOf ?? 'now'] as const,
    queryFn: () =>
      apiGet<AuditClientFileView>(`${AUDIT_PATH}/clients/${encodeURIComponent(clientId)}/file${asOfParam(asOf)}`),
  });

export const auditViewsOptions = (offset: number) =>
  queryOptions({
    queryKey: [`${AUDIT_PATH}/views`, offset] as const,
    queryFn: () => apiGetPage<AuditRecordViewView>(`${AUDIT_PATH}/views?limit=50&offset=${offset}`),
  });

export const timelinePdfHref = (streamId: string) => `${record(streamId)}/timeline.pdf`;
export const asOfPdfHref = (streamId: string, kind: string, id: string, asOf: string | undefined) =>
  kind === 'client'
    ? `${AUDIT_PATH}/clients/${encodeURIComponent(id)}/file.pdf${asOfParam(asOf)}`
    : `${record(streamId)}/as-of.pdf${asOfParam(asOf)}`;
