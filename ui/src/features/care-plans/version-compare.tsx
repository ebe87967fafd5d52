import type { CarePlanDetailView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { carePlanDiffQueryOptions } from './care-plan-queries';

/** Compare two versions: what changed, field by field (lines added and removed). */
export function VersionCompare({ plan }: { plan: CarePlanDetailView }) {
  const base = useId();
  const versions = plan.versions.map((version) => version.version).sort((a, b) => a - b);
  const [from, setFrom] = useState(Math.max(1, plan.version - 1));
  const [to, setTo] = useState(plan.version);
  const diff = useQuery({ ...carePlanDiffQueryOptions(plan.id, from, to), enabled: versions.length > 1 });
  if (versions.length < 2) return <p className="muted">Only one version so far: nothing to compare.</p>;
  const select = (id: string, label: string, value: number, onChange: (next: number) => void) => (
    <label htmlFor={id} className="compare-pick">
      <span className="label">{label}</span>
      <select
        id={id}
        className="input input-compact"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {versions.map((version) => (
          <option key={version} value={version}>
            Version {version}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="version-compare">
      <div className="compare-picks">
        {select(`${base}-from`, 'Compare', from, setFrom)}
        {select(`${base}-to`, 'with', to, setTo)}
      </div>
      {diff.isPending ? (
        <ListLoading what="the differences" />
      ) : diff.isError ? (
        <ListLoadError what="the differences" error={diff.error} onRetry={() => void diff.refetch()} />
      ) : diff.data.changes.length === 0 ? (
        <p className="muted">
          No differences between version {from} and version {to}.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table diff-table" data-testid="version-diff">
            <caption className="sr-only">
              Changes from version {from} to version {to}
            </caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Version {from}</th>
                <th scope="col">Version {to}</th>
              </tr>
            </thead>
            <tbody>
              {diff.data.changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{change.label}</th>
                  <td>
                    {change.before.length === 0 ? (
                      <span className="muted">None</span>
                    ) : (
                      change.before.map((line) => (
                        <div key={line} className={change.removed.includes(line) ? 'diff-removed' : undefined}>
                          {change.removed.includes(line) ? `− ${line}` : line}
                        </div>
                      ))
                    )}
                  </td>
                  <td>
                    {change.after.length === 0 ? (
                      <span className="muted">None</span>
                    ) : (
                      change.after.map((line) => (
                        <div key={line} className={change.added.includes(line) ? 'diff-added' : undefined}>
                          {change.added.includes(line) ? `+ ${line}` : line}
                        </div>
                      ))
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
