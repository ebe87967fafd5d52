import type { ClientFundingView, FunderView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DateInput } from '../../shared/date-fields/date-input';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { useDebouncedValue, usePagedList } from '../../shared/paged-list';
import { CLIENT_FUNDING_PATH, useFinanceCommand } from './finance-api';
import { fundersQuery } from './funders-card';

const MAX_SHARES = 5;

/** "Leeds City Council 60%, NHS 40% from 01/04/2026", or why the client's visits cannot be invoiced. */
function fundingText(funding: ClientFundingView['funding']): string {
  if (!funding) return 'No funding set: visits cannot be invoiced';
  const shares = funding.shares.map(
    (share) => `${share.funderName ?? 'Unknown funder'}${funding.shares.length > 1 ? ` ${share.percent}%` : ''}`,
  );
  return `${shares.join(', ')} from ${formatDate(funding.effectiveFrom)}`;
}

/** Who pays for each client's care: one funder, or a split by percentage; administrators set it from a date. */
export function ClientFundingCard({ canManage }: { canManage: boolean }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [unfundedOnly, setUnfundedOnly] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const searched = useDebouncedValue(search);
  const clients = usePagedList<ClientFundingView>(CLIENT_FUNDING_PATH, {
    search: searched || undefined,
    unfunded: unfundedOnly ? 'true' : undefined,
  });
  const funders = useQuery(fundersQuery());
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 className="card-title" id={`${id}-title`}>
        Client funding
      </h2>
      <div className="finance-list-header">
        <SearchBox label="Search clients" placeholder="Search clients..." value={search} onChange={setSearch} />
        <label className="finance-check">
          <input type="checkbox" checked={unfundedOnly} onChange={(event) => setUnfundedOnly(event.target.checked)} />{' '}
          Only clients without funding
        </label>
      </div>
      {clients.isPending ? (
        <ListLoading what="clients" />
      ) : clients.isError ? (
        <ListLoadError what="clients" error={clients.error} onRetry={() => void clients.refetch()} />
      ) : clients.items.length === 0 ? (
        <p className="empty-hint">{unfundedOnly ? 'Every client has funding set.' : 'No clients match.'}</p>
      ) : (
        <ul className="finance-funding-list" data-testid="client-funding">
          {clients.items.map((client) => (
            <li key={client.clientId}>
              <div className="finance-funding-row">
                <span>
                  <strong>{client.clientName}</strong> <span className="muted small">{client.clientReference}</span>
                </span>
                <span className={client.funding ? '' : 'finance-unfunded'}>{fundingText(client.funding)}</span>
                {canManage && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-expanded={open === client.clientId}
                    onClick={() => setOpen(open === client.clientId ? null : client.clientId)}
                  >
                    Set funding<span className="sr-only"> for {client.clientName}</span>
                  </button>
                )}
              </div>
              {open === client.clientId && (
                <FundingForm client={client} funders={funders.data ?? []} onDone={() => setOpen(null)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        shown={clients.items.length}
        total={clients.total}
        hasMore={clients.hasNextPage}
        loading={clients.isFetchingNextPage}
        onLoadMore={() => void clients.fetchNextPage()}
      />
    </section>
  );
}

interface ShareDraft {
  funderId: string;
  percent: string;
}

function FundingForm({
  client,
  funders,
  onDone,
}: {
  client: ClientFundingView;
  funders: readonly FunderView[];
  onDone: () => void;
}) {
  const id = useId();
  const [effectiveFrom, setEffectiveFrom] = useState(new Date().toISOString().slice(0, 10));
  const [shares, setShares] = useState<ShareDraft[]>(
    client.funding?.shares.map((share) => ({ funderId: share.funderId, percent: String(share.percent) })) ?? [
      { funderId: funders[0]?.id ?? '', percent: '100' },
    ],
  );
  const [error, setError] = useState<string | null>(null);
  const save = useFinanceCommand<{ effectiveFrom: string; shares: { funderId: string; percent: number }[] }>(
    () => `/api/finance/clients/${encodeURIComponent(client.clientId)}/funding`,
    (input) => input,
    `Funding set for ${client.clientName}`,
    'PUT',
  );
  const total = shares.reduce((sum, share) => sum + (Number(share.percent) || 0), 0);
  const change = (index: number, next: Partial<ShareDraft>) =>
    setShares(shares.map((share, at) => (at === index ? { ...share, ...next } : share)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (funders.length === 0) return setError('Add a funder first (Funders and rates)');
    const parsed = shares.map((share) => ({
      funderId: share.funderId || funders[0]!.id,
      percent: Number(share.percent),
    }));
    if (parsed.some((share) => !Number.isInteger(share.percent) || share.percent < 1 || share.percent > 100))
      return setError('Each share is a whole percentage from 1 to 100');
    if (total !== 100) return setError(`The shares add up to ${total}%: they must add up to 100%`);
    setError(null);
    save.mutate({ effectiveFrom, shares: parsed }, { onSuccess: onDone });
  };
  return (
    <form className="finance-funding-form" onSubmit={submit} noValidate aria-label={`Funding for ${client.clientName}`}>
      <div className="finance-field">
        <label htmlFor={`${id}-from`}>Funding from</label>
        <DateInput
          id={`${id}-from`}
          value={effectiveFrom}
          onChange={(event) => setEffectiveFrom(event.target.value)}
          required
        />
      </div>
      {shares.map((share, index) => (
        <div className="finance-share" key={index}>
          <div className="finance-field">
            <label htmlFor={`${id}-funder-${index}`}>Funder {shares.length > 1 ? index + 1 : ''}</label>
            <select
              className="input"
              id={`${id}-funder-${index}`}
              value={share.funderId}
              onChange={(event) => change(index, { funderId: event.target.value })}
            >
              {funders.map((funder) => (
                <option key={funder.id} value={funder.id}>
                  {funder.name}
                </option>
              ))}
            </select>
          </div>
          <div className="finance-field">
            <label htmlFor={`${id}-percent-${index}`}>Share (%)</label>
            <input
              className="input"
              id={`${id}-percent-${index}`}
              inputMode="numeric"
              value={share.percent}
              onChange={(event) => change(index, { percent: event.target.value })}
            />
          </div>
          {shares.length > 1 && (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => setShares(shares.filter((_, at) => at !== index))}
            >
              Remove<span className="sr-only"> funder {index + 1}</span>
            </button>
          )}
        </div>
      ))}
      <p className="small" aria-live="polite">
        Total {total}%
      </p>
      <div className="finance-actions">
        {shares.length < MAX_SHARES && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setShares([...shares, { funderId: funders[0]?.id ?? '', percent: '' }])}
          >
            Split with another funder
          </button>
        )}
        <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
          Save Funding
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
