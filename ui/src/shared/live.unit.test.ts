import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { isUnder, pathsShowing, reloadQueriesUnder } from './live';

describe('which queries a push reloads', () => {
  it('matches the resource URL, its sub-paths and its query strings only', () => {
    expect(isUnder('/api/training', '/api/training')).toBe(true);
    expect(isUnder('/api/training?expiring=30', '/api/training')).toBe(true);
    expect(isUnder('/api/training/compliance', '/api/training')).toBe(true);
    expect(isUnder('/api/trainingx', '/api/training')).toBe(false);
    expect(isUnder('/api/carers', '/api/training')).toBe(false);
  });

  it('reloads the "Who viewed what" list on a new view, never the audited records (opening one logs a view)', () => {
    const paths = pathsShowing('audit-views');
    expect(paths).toContain('/api/audit/views');
    expect(paths.some((base) => isUnder('/api/audit/views?limit=50&offset=0', base))).toBe(true);
    expect(
      paths.some((base) => isUnder('/api/audit/records/client-1', base) || isUnder('/api/audit/clients/1/file', base)),
    ).toBe(false);
  });
});

describe('a push that arrives while a list loads for the first time', () => {
  it('loads the list again once that first load is done, so the change is not lost', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const answers: ((rows: string[]) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['/api/medication-records?limit=10'],
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    const shown: (string[] | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => shown.push(result.data));
    expect(answers).toHaveLength(1); // the first load is in flight
    reloadQueriesUnder(client, '/api/medication-records'); // the change lands meanwhile
    answers[0]!(['read before the change']);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(['read before the change', 'the change']);
    await vi.waitFor(() => expect(shown.at(-1)).toEqual(['read before the change', 'the change']));
    unsubscribe();
  });

  it('leaves the pushed figures and the signed-in user alone', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/auth/user'], { id: 'u1' });
    reloadQueriesUnder(client, '/api');
    expect(client.getQueryState(['/api/auth/user'])?.isInvalidated).toBe(false);
  });
});
