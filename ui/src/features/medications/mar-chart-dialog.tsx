import { addDays, londonToday, type MarChartView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { withParams } from '../../shared/paged-list';
import { MEDICATIONS_PATH } from './medication-api';

const DAYS = 28;

/** A client's MAR chart: the last four weeks of due doses by day and time, printable to PDF. */
export function MarChartDialog({
  client,
  onClose,
}: {
  client: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={client !== null}
      onOpenChange={(open) => !open && onClose()}
      title={client ? `MAR chart: ${client.name}` : ''}
    >
      {client && <MarChart clientId={client.id} />}
    </FormDialog>
  );
}

function MarChart({ clientId }: { clientId: string }) {
  const from = addDays(londonToday(), -(DAYS - 1));
  const params = { clientId, from, days: DAYS };
  const path = withParams(`${MEDICATIONS_PATH}/mar`, params);
  const chart = useQuery({ queryKey: [path], queryFn: () => apiGet<MarChartView>(path) });
  if (chart.isPending) return <ListLoading what="MAR chart" />;
  if (chart.isError) return <ListLoadError what="MAR chart" error={chart.error} onRetry={() => void chart.refetch()} />;
  const { client, days, medicines, codes } = chart.data;
  return (
    <div className="mar-chart" data-testid="mar-chart">
      <p>
        <strong>Allergies:</strong> {client.allergies.length > 0 ? client.allergies.join(', ') : 'None recorded'} ·{' '}
        <strong>GP:</strong> {[client.gpPractice, client.gpPhone].filter(Boolean).join(', ') || 'Not recorded'}
      </p>
      <a className="button button-secondary" href={withParams(`${MEDICATIONS_PATH}/mar.pdf`, params)} download>
        Download PDF
      </a>
      {medicines.length === 0 && <p className="empty-state">No medicines were due in these four weeks.</p>}
      {medicines.map((medicine) => (
        <section key={medicine.prescriptionId} className="mar-medicine">
          <h3 className="section-title">
            {medicine.name} {medicine.strength} · {medicine.dosage} · {medicine.frequency}
          </h3>
          {medicine.prn && <p className="small muted">{medicine.prn}</p>}
          {medicine.rows.length > 0 && (
            // Four weeks of columns scroll sideways on a phone: the region takes focus so a keyboard can scroll it.
            <div
              className="table-wrap"
              role="region"
              aria-label={`${medicine.name} chart`}
              tabIndex={0}
              // The latest days are what a reader checks first: start scrolled to today.
              ref={(element) => {
                if (element) element.scrollLeft = element.scrollWidth;
              }}
            >
              <table className="data-table mar-grid">
                <caption className="sr-only">{medicine.name}: outcome of each due dose by day and time</caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    {days.map((day) => (
                      <th key={day} scope="col">
                        {day.slice(8, 10)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {medicine.rows.map((row) => (
                    <tr key={row.time}>
                      <th scope="row">{row.time}</th>
                      {row.cells.map((cell) => (
                        <td
                          key={cell.date}
                          className={cell.amended ? 'mar-amended' : undefined}
                          title={cell.amended ? 'Amended' : undefined}
                        >
                          {cell.dueAt === null
                            ? ''
                            : cell.code === null
                              ? '·'
                              : `${cell.code}${cell.amended ? '*' : ''}`}
                          {cell.initials && <span className="mar-initials">{cell.initials}</span>}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
      <p className="small mar-key">
        <strong>Key:</strong> {codes.map((entry) => `${entry.code} ${entry.label}`).join(' · ')} · “·” due, no outcome ·
        * amended
      </p>
    </div>
  );
}
