import type { BankHolidayView } from '@care/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiGet } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { useFinanceCommand } from './finance-api';

const bankHolidaysQuery = (year: number) =>
  queryOptions({
    queryKey: ['/api/finance/bank-holidays', year],
    queryFn: () => apiGet<BankHolidayView[]>(`/api/finance/bank-holidays?year=${year}`),
  });

/**
 * The bank holidays visits are charged at the bank holiday rate on: England and Wales' by default, and the days an
 * administrator adds (a one-off holiday, a year gov.uk has just published) or removes, each change on the record.
 */
export function BankHolidaysCard({ canManage }: { canManage: boolean }) {
  const id = useId();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const days = useQuery(bankHolidaysQuery(year));
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="finance-list-header">
        <h2 className="card-title" id={`${id}-title`}>
          Bank holidays
        </h2>
        <label className="finance-filter">
          Year
          <select className="input" value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      {days.isPending ? (
        <ListLoading what="bank holidays" />
      ) : days.isError ? (
        <ListLoadError what="bank holidays" error={days.error} onRetry={() => void days.refetch()} />
      ) : days.data.length === 0 ? (
        <p className="empty-hint">No bank holidays listed for {year}. Add them when gov.uk publishes them.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" data-testid="bank-holidays">
            <caption className="sr-only">Bank holidays in {year}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Holiday</th>
                <th scope="col">Source</th>
                {canManage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {days.data.map((day) => (
                <tr key={day.date}>
                  <td>{formatDate(day.date)}</td>
                  <td>{day.name}</td>
                  <td>{day.source === 'built-in' ? 'England and Wales' : 'Added by the agency'}</td>
                  {canManage && (
                    <td>
                      <RemoveBankHoliday day={day} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canManage && <AddBankHolidayForm />}
    </section>
  );
}

function AddBankHolidayForm() {
  const id = useId();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const add = useFinanceCommand<{ date: string; name: string }>(
    () => '/api/finance/bank-holidays',
    (input) => input,
    'Bank holiday added',
  );
  return (
    <form
      className="finance-payment"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ date, name }, { onSuccess: () => setName('') });
      }}
    >
      <div className="finance-field">
        <label htmlFor={`${id}-date`}>Bank holiday date</label>
        <DateInput id={`${id}-date`} value={date} onChange={(event) => setDate(event.target.value)} required />
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-name`}>Holiday name</label>
        <input
          className="input"
          id={`${id}-name`}
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          required
        />
      </div>
      <button type="submit" className="button button-secondary button-small" disabled={add.isPending}>
        Add Bank Holiday
      </button>
    </form>
  );
}

/** Remove asks why first: the reason goes on the record with the change. */
function RemoveBankHoliday({ day }: { day: BankHolidayView }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const remove = useFinanceCommand<string>(
    () => `/api/finance/bank-holidays/${day.date}/removal`,
    (why) => ({ reason: why }),
    'Bank holiday removed',
  );
  if (!asking) {
    return (
      <button type="button" className="button button-secondary button-small" onClick={() => setAsking(true)}>
        Remove
        <span className="sr-only">
          {' '}
          {day.name} {formatDate(day.date)}
        </span>
      </button>
    );
  }
  return (
    <form
      className="finance-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate(reason);
      }}
    >
      <label htmlFor={`${id}-reason`}>Why it is not a bank holiday</label>
      <input
        className="input"
        id={`${id}-reason`}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        required
      />
      <button type="submit" className="button button-primary button-small" disabled={remove.isPending}>
        Confirm removal
      </button>
      <button type="button" className="button button-ghost button-small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </form>
  );
}
