import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGetAll, withParams } from './paged-list';

/** A read API of `total` numbered rows that answers `limit` and `offset` with X-Total-Count, recording each call. */
function fakeList(total: number) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    calls.push(path);
    const query = new URL(path, 'http://localhost').searchParams;
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: offset + i }));
    return new Response(JSON.stringify(rows), { status: 200, headers: { 'X-Total-Count': String(total) } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reading every page for a select', () => {
  it('reads page after page until it has as many rows as the server counts', async () => {
    const calls = fakeList(1_234);
    const rows = await apiGetAll<{ id: number }>('/api/carers');
    expect(rows).toHaveLength(1_234);
    expect(rows.at(-1)).toEqual({ id: 1_233 });
    expect(calls).toEqual([
      '/api/carers?limit=500&offset=0',
      '/api/carers?limit=500&offset=500',
      '/api/carers?limit=500&offset=1000',
    ]);
  });

  it('asks once for an empty list', async () => {
    const calls = fakeList(0);
    expect(await apiGetAll('/api/clients')).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('a list URL with its filters', () => {
  it('leaves out blank filters and keeps a query string already there', () => {
    expect(withParams('/api/diary', { search: 'fall', carerId: undefined, clientId: '' })).toBe(
      '/api/diary?search=fall',
    );
    expect(withParams('/api/diary', {})).toBe('/api/diary');
    expect(withParams('/api/training?expiring=30', { limit: 1 })).toBe('/api/training?expiring=30&limit=1');
  });
});
