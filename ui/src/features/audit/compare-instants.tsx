import type { AuditComparisonView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiGet, errorReason } from '../../shared/api';
import { DateTimeInput } from '../../shared/date-fields/date-input';
import { londonInputToIso } from '../../shared/london-time';
import { AUDIT_PATH } from './audit-queries';
import { fieldValue } from './field-value';

/** Two instants of one record, field by field (GET /api/audit/records/:streamId/compare). */
export function CompareInstants({ streamId }: { streamId: string }) {
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [asked, setAsked] = useState<{ from: string; to: string } | undefined>();
  const [problem, setProblem] = useState('');
  const comparison = useQuery({
    queryKey: [`${AUDIT_PATH}/records/${streamId}/compare`, asked?.from, asked?.to] as const,
    queryFn: () =>
      apiGet<AuditComparisonView>(
        `${AUDIT_PATH}/records/${encodeURIComponent(streamId)}/compare?from=${encodeURIComponent(asked!.from)}&to=${encodeURIComponent(asked!.to)}`,
      ),
    enabled: asked !== undefined,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = londonInputToIso(from);
    const b = londonInputToIso(to);
    if (!/Z$/.test(a) || !/Z$/.test(b)) {
      setProblem('Enter both dates and times as dd/mm/yyyy hh:mm');
      return;
    }
    setProblem('');
    setAsked({ from: a, to: b });
  };
  return (
    <div className="card">
      <h2 className="card-title">Compare two instants</h2>
      <form className="audit-instant-row" onSubmit={submit}>
        <div>
          <label htmlFor={fromId} className="label">
            From (London time)
          </label>
          <DateTimeInput id={fromId} className="input" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div>
          <label htmlFor={toId} className="label">
            To (London time)
          </label>
          <DateTimeInput id={toId} className="input" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <button type="submit" className="button button-secondary">
          Compare
        </button>
      </form>
      {problem && <p role="alert">{problem}</p>}
      {comparison.isError && <p role="alert">{errorReason(comparison.error)}</p>}
      {comparison.data &&
        (comparison.data.changes.length === 0 ? (
          <p className="small">No field differs between these instants.</p>
        ) : (
          <ul className="audit-changes" data-testid="audit-comparison">
            {comparison.data.changes.map((change) => (
              <li key={change.field}>
                <span className="audit-field">{change.field}</span>: {fieldValue(change.before)} →{' '}
                {fieldValue(change.after)}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
