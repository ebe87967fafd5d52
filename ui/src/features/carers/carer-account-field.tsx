import type { CarerView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Field, fieldAria } from '../../shared/form-field';
import { accountLabel, linkableAccountsQueryOptions } from './get-linkable-accounts';

interface CarerAccountFieldProps {
  id: string;
  carer: CarerView;
  /** The chosen account id; '' for none. */
  value: string;
  onChange: (accountId: string) => void;
  error: string | undefined;
}

/**
 * The account that signs in as this carer (admins only): a select of the carer accounts no other carer is
 * linked to, and Unlink. The change is sent with the form (PATCH userId), so it is one edit with one revision.
 */
export function CarerAccountField({ id, carer, value, onChange, error }: CarerAccountFieldProps) {
  const accounts = useQuery(linkableAccountsQueryOptions(carer.id));
  return (
    <Field id={id} label="Signs in as" error={error} wide>
      <div className="account-controls">
        <select
          className="input"
          id={id}
          name="userId"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...fieldAria(id, error)}
        >
          <option value="">No account linked</option>
          {(accounts.data ?? []).map((account) => (
            <option key={account.id} value={account.id}>
              {accountLabel(account)}
            </option>
          ))}
        </select>
        {value !== '' && (
          <button type="button" className="button button-secondary button-small" onClick={() => onChange('')}>
            Unlink
          </button>
        )}
      </div>
      {accounts.isError && <p className="muted small">The accounts could not be loaded.</p>}
    </Field>
  );
}
