import { BUILT_IN_MAR_KEY } from '@care/events';
import type {
  ComplianceView,
  DrugInteraction,
  DueDoseView,
  MarKeyEntryView,
  MedicationRecordView,
  MedicationStats,
  MedicationView,
  ReferenceMedicineView,
  WitnessOption,
} from '@care/events';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiGetPage, apiSend } from '../../shared/api';
import { apiGetAll, usePagedList, withParams } from '../../shared/paged-list';
import { handleUnauthorized } from '../../shared/query-client';
import { refusalReason } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { useCurrentUser } from '../../shared/current-user';
import { sendRecord, type RecordRequest } from '../../shared/offline/outbox-sync';
import { toastSavedOnPhone } from '../../shared/offline/use-outbox';

/** URLs first: the live push's `medications:changed` and `medication-records:changed` reload every query under them. */
export const MEDICATIONS_PATH = '/api/medications';
export const RECORDS_PATH = '/api/medication-records';

export interface ClientInteraction {
  readonly clientId: string;
  readonly clientName: string | null;
  readonly interaction: DrugInteraction;
}

export interface ClientOption {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly allergies: readonly string[];
}

export const useMedicationStats = () =>
  useQuery({
    queryKey: [`${MEDICATIONS_PATH}/stats`],
    queryFn: () => apiGet<MedicationStats>(`${MEDICATIONS_PATH}/stats`),
  });
export const useMedicationList = (search: string) =>
  usePagedList<MedicationView>(MEDICATIONS_PATH, { search: search || undefined });
/** One client's open doses (the carer's visit): a client never has a page of them. */
const dueDosesQuery = (clientId: string) => {
  const path = withParams(`${MEDICATIONS_PATH}/due`, { clientId, limit: 100 });
  return { queryKey: [path], queryFn: () => apiGet<DueDoseView[]>(path) };
};
export const useDueDoses = (clientId: string) => useQuery(dueDosesQuery(clientId));
/** Due & Overdue: every client's open doses, a page at a time (X-Total-Count). */
export const useDueList = () => usePagedList<DueDoseView>(`${MEDICATIONS_PATH}/due`, {});
export const useCompliance = () =>
  useQuery({
    queryKey: [`${MEDICATIONS_PATH}/compliance`],
    queryFn: () => apiGet<ComplianceView>(`${MEDICATIONS_PATH}/compliance`),
  });
export const useClientInteractions = () =>
  useQuery({
    queryKey: [`${MEDICATIONS_PATH}/interactions`],
    queryFn: () => apiGet<ClientInteraction[]>(`${MEDICATIONS_PATH}/interactions`),
  });

export interface RecordFilters {
  readonly clientId?: string | undefined;
  readonly carerId?: string | undefined;
  readonly medicine?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}
export const useRecordLog = (filters: RecordFilters) =>
  usePagedList<MedicationRecordView>(RECORDS_PATH, { ...filters });
/** The Administration Log's recent list: the 10 newest. */
export const useRecentRecords = () => {
  const path = withParams(RECORDS_PATH, { limit: 10 });
  return useQuery({ queryKey: [path], queryFn: async () => (await apiGetPage<MedicationRecordView>(path)).items });
};
/** A client's prescriptions (the prescribe form's interaction warning). */
const clientMedicationsQuery = (clientId: string) => {
  const path = withParams(MEDICATIONS_PATH, { clientId: clientId || undefined, status: 'active', limit: 100 });
  return { queryKey: [path], queryFn: async () => (await apiGetPage<MedicationView>(path)).items };
};
export const useClientMedications = (clientId: string) =>
  useQuery({ ...clientMedicationsQuery(clientId), enabled: clientId !== '' });

/**
 * Loads a visit's doses and medicines before it starts, while there is signal: a carer who checks in where the
 * phone has none still sees the doses to record.
 */
export function prefetchVisitMedications(queryClient: QueryClient, clientId: string): void {
  void queryClient.prefetchQuery(dueDosesQuery(clientId));
  void queryClient.prefetchQuery(clientMedicationsQuery(clientId));
}
export const useClientOptions = () =>
  useQuery({ queryKey: ['/api/clients', 'all'], queryFn: () => apiGetAll<ClientOption>('/api/clients') });

export function reloadMedications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) =>
      typeof url === 'string' && (url.startsWith(MEDICATIONS_PATH) || url.startsWith(RECORDS_PATH)),
  });
}

/** A medication command: POST/PATCH under /api/medications; the lists reload after it (read your writes). */
/** `inForm`: the dialog shows a refusal under its fields, so no error toast. */
export function useMedicationCommand<B>(texts: {
  readonly success: string;
  readonly failure: string;
  readonly inForm?: boolean;
}) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().id;
  return useMutation({
    // Runs without signal too: a dose outcome is then kept on the phone rather than left waiting on the screen.
    networkMode: 'always',
    // `revision`: the version the user saw (If-Match): a change made meanwhile by someone else is a 409, not lost.
    // `offline`: a carer's dose outcome, sent with its Idempotency-Key or kept on the phone to be sent later.
    mutationFn: async ({
      method = 'POST',
      path,
      body,
      revision,
      offline,
    }: {
      method?: 'POST' | 'PATCH';
      path: string;
      body: B;
      revision?: string;
      offline?: Omit<RecordRequest, 'userId' | 'method' | 'path' | 'body'>;
    }) => {
      if (offline) {
        const result = await sendRecord<{ id: string }>({ ...offline, userId, method, path, body });
        return result.queued ? null : result.reply;
      }
      return apiSend<{ id: string }>(method, path, body, revision === undefined ? undefined : { 'If-Match': revision });
    },
    onSuccess: (reply) => (reply === null ? toastSavedOnPhone() : toast({ title: texts.success })),
    onError: (error) => {
      if (!handleUnauthorized(error) && !texts.inForm)
        toast({ title: 'Error', description: refusalReason(error, texts.failure), variant: 'destructive' });
    },
    onSettled: () => reloadMedications(queryClient),
  });
}

/** The MAR chart's key; the built-in codes stand in until the agency's own have loaded. */
export const useMarKey = (): readonly MarKeyEntryView[] =>
  useQuery({
    queryKey: [`${MEDICATIONS_PATH}/mar-codes`],
    queryFn: () => apiGet<MarKeyEntryView[]>(`${MEDICATIONS_PATH}/mar-codes`),
  }).data ?? BUILT_IN_MAR_KEY;

export const useReferenceMedicines = () =>
  useQuery({
    queryKey: [`${MEDICATIONS_PATH}/reference`],
    queryFn: () => apiGet<ReferenceMedicineView[]>(`${MEDICATIONS_PATH}/reference`),
  });

export interface CarerOption {
  readonly id: string;
  readonly user: { readonly firstName: string; readonly lastName: string };
}
/** Every carer, for the log's carer filter (only readers of every carer: medications.read goes with carers.read). */
export const useCarerOptions = (enabled: boolean) =>
  useQuery({ queryKey: ['/api/carers', 'all'], enabled, queryFn: () => apiGetAll<CarerOption>('/api/carers') });

/** The colleagues who may witness a dose (only fetched for a medicine that needs a witness). */
export const useWitnessOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [`${MEDICATIONS_PATH}/witnesses`],
    enabled,
    queryFn: () => apiGetAll<WitnessOption>(`${MEDICATIONS_PATH}/witnesses`),
  });
