import { can, MONITORING_RANGES } from '@care/events';
import { CalendarClock, Download, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { ScheduleReportDialog } from '../reports';
import { useExportMonitoring } from './export-monitoring';
import {
  DEFAULT_MONITORING_FILTERS,
  FIRST_PAGE,
  filtersComplete,
  monitoringExportUrl,
  STATUS_LABELS,
  type MonitoringFilters,
} from '../../records/visit-records/monitoring-params';
import { MonitoringTable } from './monitoring-table';
import { RecordsFilterBar, visitStatusOptions } from '../../records/visit-records/records-filter-bar';
import './monitoring.css';

const STATUS_OPTIONS = visitStatusOptions(STATUS_LABELS);

/** /monitoring (Care Monitoring & Management): every visit as a care record, filtered on the server. */
export function MonitoringPage() {
  const user = useCurrentUser();
  const [filters, setFilters] = useState<MonitoringFilters>(DEFAULT_MONITORING_FILTERS);
  const exportData = useExportMonitoring();
  const [scheduling, setScheduling] = useState(false);

  if (!can(user.role, 'appointments.read')) {
    return (
      <section className="page">
        <div className="card empty-state" role="alert">
          <ShieldAlert size={36} aria-hidden className="empty-icon" />
          <h1 className="page-title">Access Denied</h1>
          <p>Care monitoring is available to administrators and coordinators.</p>
        </div>
      </section>
    );
  }

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Care Monitoring &amp; Management</h1>
          <p className="page-subtitle">
            Every care visit as a record: planned and actual times, tasks, medication and sign-off.
          </p>
        </div>
        <div className="monitoring-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={exportData.isPending || !filtersComplete(filters)}
            onClick={() => exportData.mutate(monitoringExportUrl(filters, FIRST_PAGE))}
          >
            <Download size={16} aria-hidden />
            Export Data
          </button>
          {can(user.role, 'reports.schedule') && (
            <button type="button" className="button button-secondary" onClick={() => setScheduling(true)}>
              <CalendarClock size={16} aria-hidden />
              Schedule Report
            </button>
          )}
        </div>
      </div>
      <ScheduleReportDialog
        open={scheduling}
        onOpenChange={setScheduling}
        defaults={{ region: '', carerId: filters.carerId }}
      />
      <RecordsFilterBar
        value={filters}
        onChange={setFilters}
        ranges={MONITORING_RANGES}
        statusOptions={STATUS_OPTIONS}
        careTypeLabel="Care provided"
        searchPlaceholder="Search by client or carer name..."
      />
      <MonitoringTable filters={filters} />
    </section>
  );
}
