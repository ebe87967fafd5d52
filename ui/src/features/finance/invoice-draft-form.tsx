import { useId, useState, type FormEvent } from 'react';
import { INVOICE_CHARGES_MAX, type InvoiceView } from '@care/events';
import { DateInput } from '../../shared/date-fields/date-input';
import { useFinanceCommand } from './finance-api';
import { formatPence, poundsToPence } from './money';

interface ChargeRow {
  readonly key: number;
  date: string;
  description: string;
  amount: string;
}

interface DraftEdit {
  readonly dueOn: string;
  readonly purchaseOrder: string;
  readonly notes: string;
  readonly charges: { date: string; description: string; amountPence: number }[];
}

/**
 * Edit while draft: the due date, the funder's purchase order, a note printed on the invoice and charges added by
 * hand. The visit lines are not here: they follow the visit record (amend the visit and the next invoice adjusts).
 * Saved with If-Match, so two administrators editing one draft do not overwrite each other.
 */
export function InvoiceDraftForm({ invoice, onDone }: { invoice: InvoiceView; onDone: () => void }) {
  const id = useId();
  const [dueOn, setDueOn] = useState(invoice.dueOn);
  const [purchaseOrder, setPurchaseOrder] = useState(invoice.purchaseOrder ?? '');
  const [notes, setNotes] = useState(invoice.notes ?? '');
  const [charges, setCharges] = useState<ChargeRow[]>(() =>
    invoice.lines
      .filter((line) => line.kind === 'charge')
      .map((line, key) => ({
        key,
        date: line.date,
        description: line.description,
        amount: (line.amountPence / 100).toFixed(2),
      })),
  );
  const [nextKey, setNextKey] = useState(charges.length);
  const [error, setError] = useState<string | null>(null);
  const save = useFinanceCommand<DraftEdit>(
    () => `/api/finance/invoices/${encodeURIComponent(invoice.id)}`,
    (input) => input,
    `Invoice ${invoice.number} saved`,
    'PATCH',
    () => ({ 'If-Match': invoice.revision }),
  );
  const recordPence = invoice.lines
    .filter((line) => line.kind !== 'charge')
    .reduce((sum, line) => sum + line.amountPence, 0);
  const change = (key: number, next: Partial<ChargeRow>) =>
    setCharges(charges.map((row) => (row.key === key ? { ...row, ...next } : row)));
  const parsed = charges.map((row) => ({ row, pence: poundsToPence(row.amount) }));
  const newTotal = recordPence + parsed.reduce((sum, { pence }) => sum + (pence ?? 0), 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = parsed.find(({ row, pence }) => row.description.trim() === '' || pence === null || pence === 0);
    if (bad) return setError('Each added charge needs a description and an amount in pounds, for example 25.00');
    setError(null);
    save.mutate(
      {
        dueOn,
        purchaseOrder,
        notes,
        charges: parsed.map(({ row, pence }) => ({
          date: row.date,
          description: row.description.trim(),
          amountPence: pence!,
        })),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="finance-draft" onSubmit={submit} noValidate aria-label={`Edit ${invoice.number}`}>
      <p className="small">
        Visit lines follow the visit record and are not edited here. Once the invoice is sent, a correction is a credit
        note.
      </p>
      <div className="finance-draft-terms">
        <div className="finance-field">
          <label htmlFor={`${id}-due`}>Due date</label>
          <DateInput id={`${id}-due`} value={dueOn} onChange={(event) => setDueOn(event.target.value)} />
        </div>
        <div className="finance-field">
          <label htmlFor={`${id}-po`}>Purchase order</label>
          <input
            className="input"
            id={`${id}-po`}
            value={purchaseOrder}
            maxLength={50}
            onChange={(event) => setPurchaseOrder(event.target.value)}
          />
        </div>
        <div className="finance-field finance-draft-notes">
          <label htmlFor={`${id}-notes`}>Note on the invoice</label>
          <textarea
            className="input"
            id={`${id}-notes`}
            value={notes}
            maxLength={500}
            rows={2}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="finance-draft-charges">
        <legend>Added charges</legend>
        {charges.length === 0 && (
          <p className="small">None. Add one for anything that is not a visit, such as a key safe fitted.</p>
        )}
        {charges.map((row, index) => (
          <div className="finance-draft-charge" key={row.key}>
            <div className="finance-field">
              <label htmlFor={`${id}-date-${row.key}`}>Charge {index + 1} date</label>
              <DateInput
                id={`${id}-date-${row.key}`}
                value={row.date}
                onChange={(event) => change(row.key, { date: event.target.value })}
              />
            </div>
            <div className="finance-field">
              <label htmlFor={`${id}-desc-${row.key}`}>Charge {index + 1} description</label>
              <input
                className="input"
                id={`${id}-desc-${row.key}`}
                value={row.description}
                maxLength={200}
                onChange={(event) => change(row.key, { description: event.target.value })}
              />
            </div>
            <div className="finance-field">
              <label htmlFor={`${id}-amount-${row.key}`}>Charge {index + 1} amount £</label>
              <input
                className="input"
                id={`${id}-amount-${row.key}`}
                inputMode="decimal"
                value={row.amount}
                onChange={(event) => change(row.key, { amount: event.target.value })}
              />
            </div>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setCharges(charges.filter((other) => other.key !== row.key))}
            >
              Remove charge {index + 1}
            </button>
          </div>
        ))}
        {charges.length < INVOICE_CHARGES_MAX && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setCharges([...charges, { key: nextKey, date: invoice.periodEnd, description: '', amount: '' }]);
              setNextKey(nextKey + 1);
            }}
          >
            Add charge
          </button>
        )}
      </fieldset>
      <p>
        New total <strong data-testid="draft-total">{formatPence(newTotal)}</strong>
      </p>
      <div className="finance-actions">
        <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
          Save Draft
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
