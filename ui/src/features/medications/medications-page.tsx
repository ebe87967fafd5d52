import {
  can,
  DRUG_INTERACTIONS,
  MEDICINE_CATEGORIES,
  type MedicationView,
  type ReferenceMedicineView,
} from '@care/events';
import { Activity, AlertTriangle, Clock, Pill } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { useDebouncedValue } from '../../shared/paged-list';
import { StatCard } from '../../shared/stat-card';
import { Tabs } from '../../shared/tabs';
import { AdministerDialog, doseTargetOf, MarkMissedDialog, type DoseTarget } from './administer-dialog';
import { ComplianceTab } from './compliance-tab';
import { InteractionsTab } from './interactions-tab';
import { AdministrationLogTab } from './log-tab';
import { formatDue, percentText } from './medication-format';
import { useDueList, useMedicationList, useMedicationStats, useReferenceMedicines } from './medication-api';
import { AddReferenceDialog } from './add-reference-dialog';
import { PrescribeDialog } from './prescribe-dialog';
import { MarChartDialog } from './mar-chart-dialog';
import { PrescriptionHistoryDialog } from './prescription-history-dialog';
import { PrescriptionActions } from './prescription-actions';
import './medications.css';

type Tab = 'overview' | 'database' | 'due' | 'log' | 'compliance' | 'interactions';

/** Medication Management: live cards and six tabs, every figure computed. */
export function MedicationsPage() {
  const role = useCurrentUser().role;
  const canPrescribe = can(role, 'medications.prescribe');
  const [tab, setTab] = useState<Tab>('overview');
  const [prescribing, setPrescribing] = useState<{ medicine: ReferenceMedicineView | null } | null>(null);
  const stats = useMedicationStats();
  const figure = (value: number | undefined) => (value === undefined ? '…' : value);

  return (
    <section className="page medications-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Medication Management</h1>
          <p className="page-subtitle">Prescriptions, due doses and the administration record (eMAR)</p>
        </div>
        {canPrescribe && (
          <button type="button" className="button button-primary" onClick={() => setPrescribing({ medicine: null })}>
            New prescription
          </button>
        )}
      </div>
      <div className="stat-grid medication-stats">
        <StatCard
          icon={<Pill size={20} />}
          label="Active Medications"
          value={figure(stats.data?.activeMedications)}
          testId="stat-active-medications"
        />
        <StatCard
          icon={<Clock size={20} />}
          label="Due Now"
          value={figure(stats.data?.dueNow)}
          testId="stat-due-now"
          note="Due within the next hour or earlier"
        />
        <StatCard
          icon={<AlertTriangle size={20} />}
          label="Overdue"
          value={figure(stats.data?.overdue)}
          testId="stat-overdue"
        />
        <StatCard
          icon={<Activity size={20} />}
          label="Avg Adherence"
          value={stats.data ? percentText(stats.data.avgAdherence) : '…'}
          testId="stat-avg-adherence"
          note="Given ÷ doses due, last 30 days"
        />
      </div>
      <Tabs
        label="Medication views"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'overview', label: 'Overview', render: () => <OverviewTab canPrescribe={canPrescribe} /> },
          {
            value: 'database',
            label: 'Medicine Database',
            render: () => (
              <DatabaseTab
                canPrescribe={canPrescribe}
                canAddMedicine={can(role, 'medications.reference')}
                onAdd={(medicine) => setPrescribing({ medicine })}
              />
            ),
          },
          { value: 'due', label: 'Due & Overdue', render: () => <DueTab canMarkMissed={canPrescribe} /> },
          { value: 'log', label: 'Administration Log', render: () => <AdministrationLogTab /> },
          { value: 'compliance', label: 'Compliance', render: () => <ComplianceTab /> },
          { value: 'interactions', label: 'Drug Interactions', render: () => <InteractionsTab /> },
        ]}
      />
      {canPrescribe && (
        <PrescribeDialog
          open={prescribing !== null}
          onOpenChange={(open) => !open && setPrescribing(null)}
          medicine={prescribing?.medicine ?? null}
        />
      )}
    </section>
  );
}

function OverviewTab({ canPrescribe }: { canPrescribe: boolean }) {
  const [search, setSearch] = useState('');
  const [chartOf, setChartOf] = useState<{ id: string; name: string } | null>(null);
  const [historyOf, setHistoryOf] = useState<MedicationView | null>(null);
  const list = useMedicationList(useDebouncedValue(search));
  return (
    <div className="tab-body">
      <SearchBox
        label="Search medications"
        placeholder="Search by medicine or client..."
        value={search}
        onChange={setSearch}
      />
      {list.isPending ? (
        <ListLoading what="medications" />
      ) : list.isError ? (
        <ListLoadError what="medications" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <div className="card empty-state">
          <p>{search ? 'No medications match your search.' : 'No medications recorded yet.'}</p>
        </div>
      ) : (
        <div className="card">
          <div className="table-wrap">
            <table className="data-table" data-testid="medications-table">
              <caption className="sr-only">Prescriptions with adherence and next due dose</caption>
              <thead>
                <tr>
                  <th scope="col">Medication</th>
                  <th scope="col">Client</th>
                  <th scope="col">Dosage</th>
                  <th scope="col">Frequency</th>
                  <th scope="col">Adherence</th>
                  <th scope="col">Next Due</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((medication) => (
                  <tr key={medication.id} data-testid="medication-row">
                    <td data-label="Medication">
                      <span className="medicine-name">
                        {medication.name} {medication.strength}
                      </span>
                      {medication.timeCritical && <span className="badge severity-severe">Time-critical</span>}
                      {medication.controlledDrug && <span className="badge badge-muted">Controlled drug</span>}
                      {medication.prn && <span className="badge badge-muted">PRN</span>}
                      {medication.covert && <span className="badge badge-muted">Covert</span>}
                      <span className="small muted">
                        Allergies: {medication.allergies.length > 0 ? medication.allergies.join(', ') : 'none recorded'}
                      </span>
                      <button type="button" className="link-button small" onClick={() => setHistoryOf(medication)}>
                        History
                        <span className="sr-only">
                          {' '}
                          of {medication.name} for {medication.clientName}
                        </span>
                      </button>
                    </td>
                    <td data-label="Client">
                      {medication.clientName}
                      <button
                        type="button"
                        className="link-button small"
                        onClick={() => setChartOf({ id: medication.clientId, name: medication.clientName ?? 'Client' })}
                      >
                        MAR chart<span className="sr-only"> of {medication.clientName}</span>
                      </button>
                    </td>
                    <td data-label="Dosage">{medication.dosage}</td>
                    <td data-label="Frequency">
                      {medication.frequency}
                      {medication.doseTimes.length > 0 && (
                        <span className="small muted"> ({medication.doseTimes.join(', ')})</span>
                      )}
                    </td>
                    <td data-label="Adherence">{percentText(medication.adherence)}</td>
                    <td data-label="Next Due">{medication.nextDue ? formatDue(medication.nextDue) : '—'}</td>
                    <td data-label="Status">
                      <span className={`badge prescription-${medication.status}`}>{medication.status}</span>
                      {canPrescribe && <PrescriptionActions medication={medication} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={list.items.length}
            total={list.total}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </div>
      )}
      <MarChartDialog client={chartOf} onClose={() => setChartOf(null)} />
      <PrescriptionHistoryDialog medication={historyOf} onClose={() => setHistoryOf(null)} />
    </div>
  );
}

function DatabaseTab({
  canPrescribe,
  canAddMedicine,
  onAdd,
}: {
  canPrescribe: boolean;
  canAddMedicine: boolean;
  onAdd: (medicine: ReferenceMedicineView) => void;
}) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [adding, setAdding] = useState(false);
  const reference = useReferenceMedicines();
  const shown = useMemo(
    () =>
      (reference.data ?? []).filter(
        (medicine) =>
          (!category || medicine.category === category) &&
          medicine.name.toLowerCase().includes(search.trim().toLowerCase()),
      ),
    [reference.data, search, category],
  );
  return (
    <div className="tab-body">
      <div className="toolbar">
        <SearchBox label="Search medicines" placeholder="Search medicines..." value={search} onChange={setSearch} />
        <label className="sr-only" htmlFor="medicine-category">
          Category
        </label>
        <select
          id="medicine-category"
          className="input category-select"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">All categories</option>
          {MEDICINE_CATEGORIES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        {canAddMedicine && (
          <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
            Add medicine
          </button>
        )}
      </div>
      {reference.isPending ? (
        <ListLoading what="medicines" />
      ) : reference.isError ? (
        <ListLoadError what="medicines" error={reference.error} onRetry={() => void reference.refetch()} />
      ) : shown.length === 0 ? (
        <div className="card empty-state">
          <p>No medicines match your search.</p>
        </div>
      ) : (
        <div className="medicine-grid">
          {shown.map((medicine) => (
            <article key={medicine.name} className="card medicine-card" data-testid="medicine-card">
              <h2 className="medicine-title">{medicine.name}</h2>
              <p className="small">
                {medicine.type} · {medicine.category}
                {!medicine.builtIn && ' · added by the agency'}
              </p>
              <p className="small muted">Strengths: {medicine.strengths.join(', ')}</p>
              {(medicine.timeCritical || medicine.controlledDrug) && (
                <p className="small">
                  {[medicine.timeCritical && 'Time-critical', medicine.controlledDrug && 'Controlled drug']
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
              {canPrescribe && (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => onAdd(medicine)}
                  aria-label={`Add to Client: ${medicine.name}`}
                >
                  Add to Client
                </button>
              )}
            </article>
          ))}
        </div>
      )}
      <p className="small muted">
        {DRUG_INTERACTIONS.length} known interactions between these medicines are checked when prescribing.
      </p>
      {canAddMedicine && <AddReferenceDialog open={adding} onOpenChange={setAdding} />}
    </div>
  );
}

function DueTab({ canMarkMissed }: { canMarkMissed: boolean }) {
  const due = useDueList();
  const [administering, setAdministering] = useState<DoseTarget | null>(null);
  const [missing, setMissing] = useState<DoseTarget | null>(null);
  return (
    <div className="tab-body">
      {due.isPending ? (
        <ListLoading what="due doses" />
      ) : due.isError ? (
        <ListLoadError what="due doses" error={due.error} onRetry={() => void due.refetch()} />
      ) : due.items.length === 0 ? (
        <div className="card empty-state">
          <p>No medications are due or overdue.</p>
        </div>
      ) : (
        <>
          <ul className="due-list" data-testid="due-list">
            {due.items.map((dose) => (
              <li
                key={`${dose.prescriptionId}/${dose.dueAt}`}
                className={`card due-item${dose.overdue ? ' overdue' : ''}`}
                data-testid="due-dose"
              >
                <div className="due-text">
                  <span className="medicine-name">
                    {dose.medicationName} {dose.strength} · {dose.dosage}
                  </span>
                  <span>{dose.clientName}</span>
                  <span className="small">
                    Due {formatDue(dose.dueAt)} {dose.overdue && <span className="badge severity-severe">Overdue</span>}{' '}
                    {dose.timeCritical && <span className="badge severity-moderate">Time-critical</span>}{' '}
                    {dose.witnessRequired && <span className="badge badge-muted">Witness needed</span>}
                  </span>
                </div>
                <div className="due-actions">
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={() => setAdministering(doseTargetOf(dose))}
                  >
                    {dose.overdue ? 'Administer Now' : 'Administer'}
                  </button>
                  {canMarkMissed && (
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setMissing(doseTargetOf(dose))}
                    >
                      Mark as Missed
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <LoadMore
            shown={due.items.length}
            total={due.total}
            hasMore={due.hasNextPage}
            loading={due.isFetchingNextPage}
            onLoadMore={() => void due.fetchNextPage()}
          />
        </>
      )}
      <AdministerDialog dose={administering} onClose={() => setAdministering(null)} />
      <MarkMissedDialog dose={missing} onClose={() => setMissing(null)} />
    </div>
  );
}
