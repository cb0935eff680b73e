import { act, screen } from '@testing-library/react';
import { currentUrl, fakeBff, renderWithShell } from '../testing';
import { useListParams, type ListParams } from './useListParams';

let params: ListParams<'admin' | 'action'>;
function Probe() {
  params = useListParams({ defaults: { sort: 'createdAt', order: 'desc', pageSize: 20 }, filters: ['admin', 'action'] });
  return <p>{JSON.stringify(params.toQuery())}</p>;
}

const setup = (url: string) => renderWithShell(<Probe />, { bff: fakeBff(), url, path: '/admin/logs' });

describe('useListParams', () => {
  it('reads page, sort, q and filters from the URL, with defaults for the rest', () => {
    setup('/admin/logs?page=3&sort=action&order=asc&q=ban&admin=ops%40example.com');
    expect(params.toQuery()).toEqual({ page: 3, pageSize: 20, sort: 'action', order: 'asc', q: 'ban', admin: 'ops@example.com' });
    expect(params.filters).toEqual({ admin: 'ops@example.com', action: '' });
    expect(params.toFilterQuery()).toEqual({ sort: 'action', order: 'asc', q: 'ban', admin: 'ops@example.com' });
  });

  it('ignores junk in the URL', () => {
    setup('/admin/logs?page=-2&pageSize=9999&order=sideways');
    expect(params.toQuery()).toEqual({ page: 1, pageSize: 200, sort: 'createdAt', order: 'desc' });
  });

  it('writes to the URL; a filter or q change goes back to page 1', () => {
    const { router } = setup('/admin/logs');
    act(() => params.setPage(4));
    expect(currentUrl(router)).toBe('/admin/logs?page=4');
    act(() => params.setFilter('action', 'user.ban'));
    expect(currentUrl(router)).toBe('/admin/logs?action=user.ban');
    act(() => params.setPage(2));
    act(() => params.setQ('  maxTurns '));
    expect(currentUrl(router)).toBe('/admin/logs?action=user.ban&q=maxTurns');
    act(() => params.setSort({ key: 'adminEmail', order: 'asc' }));
    expect(router.state.location.search).toContain('sort=adminEmail&order=asc');
    act(() => params.setPageSize(50));
    expect(params.pageSize).toBe(50);
    act(() => params.reset());
    expect(currentUrl(router)).toBe('/admin/logs');
  });

  it('restores the view on back/forward', async () => {
    const { router } = setup('/admin/logs');
    act(() => params.setPage(2));
    act(() => params.setPage(3));
    await act(() => router.navigate(-1));
    expect(params.page).toBe(2);
    expect(screen.getByText(/"page":2/)).toBeInTheDocument();
  });
});
