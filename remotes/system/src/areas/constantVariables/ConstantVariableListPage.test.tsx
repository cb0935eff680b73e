import { apiError, csv, currentUrl, fakeBff, json, noContent, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import ConstantVariableListPage from './ConstantVariableListPage';
import { maxTurns, motd } from './fixtures';

const LIST = '/admin/constantVariables';
const setup = (bff = fakeBff().get('/constant-variables', () => json(page([maxTurns, motd], { total: 2 }))), url = LIST) =>
  ({ bff, ...renderWithShell(<ConstantVariableListPage />, { bff, url, path: LIST, routes: [{ path: '/admin/constantVariables/*', element: <p>other page</p> }] }) });

describe('constant variables list', () => {
  it('lists variables with the query from the URL; values are text, not HTML', async () => {
    const { bff } = setup(undefined, `${LIST}?q=battle&sort=updatedAt&order=desc&page=2`);
    expect(await screen.findByText('battle.maxTurns')).toBeInTheDocument();
    const query = bff.calls('GET', '/constant-variables')[0].query;
    expect(Object.fromEntries(query)).toEqual({ page: '2', pageSize: '20', sort: 'updatedAt', order: 'desc', q: 'battle' });
    expect(screen.getByText('{"text":"<script>alert(1)</script>"}')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByLabelText('Search key, value or description')).toHaveValue('battle');
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts and searches through the URL, and search resets the page', async () => {
    const { user, router } = setup(undefined, `${LIST}?page=3`);
    await screen.findByText('battle.maxTurns');
    await user.click(within(screen.getByRole('columnheader', { name: /Type/ })).getByRole('button'));
    expect(currentUrl(router)).toBe(`${LIST}?sort=type&order=asc`);
    await user.type(screen.getByLabelText('Search key, value or description'), 'lobby{Enter}');
    expect(currentUrl(router)).toBe(`${LIST}?sort=type&order=asc&q=lobby`);
  });

  it('deletes after a confirm that names the key, sending the version', async () => {
    const bff = fakeBff()
      .get('/constant-variables', () => json(page([maxTurns, motd])))
      .delete('/constant-variables/:id', () => noContent());
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Delete battle.maxTurns' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete constant variable battle.maxTurns?' });
    expect(dialog).toHaveTextContent('Game servers read it at their next refresh.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(bff.calls('DELETE', '/constant-variables/7')).toHaveLength(1));
    expect(bff.calls('DELETE', '/constant-variables/7')[0].query.get('version')).toBe('3');
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted battle.maxTurns.');
    // The list is fetched again.
    await waitFor(() => expect(bff.calls('GET', '/constant-variables')).toHaveLength(2));
  });

  it('does nothing when the delete is cancelled', async () => {
    const bff = fakeBff().get('/constant-variables', () => json(page([maxTurns])));
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Delete battle.maxTurns' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bff.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('says why a delete failed', async () => {
    const bff = fakeBff()
      .get('/constant-variables', () => json(page([maxTurns])))
      .delete('/constant-variables/:id', () => apiError(409, 'conflict', 'Version mismatch', { current: { ...maxTurns, version: 4 } }));
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Delete battle.maxTurns' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this record');
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    const bff = fakeBff().get('/constant-variables', () => (fail ? apiError(500, 'internal_error', 'boom') : json(page([maxTurns]))));
    const { user } = setup(bff);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed to handle this request');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('battle.maxTurns')).toBeInTheDocument();
  });

  it('shows an empty state with the next step', async () => {
    setup(fakeBff().get('/constant-variables', () => json(page([]))));
    expect(await screen.findByText('No constant variables yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New variable' })[0]).toHaveAttribute('href', '/admin/constantVariables/create');
  });

  it('links rows to the edit page by ?id', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'Edit battle.maxTurns' })).toHaveAttribute('href', '/admin/constantVariables/edit?id=7');
  });

  it('exports the current filter as CSV', async () => {
    const bff = fakeBff()
      .get('/constant-variables', () => json(page([maxTurns])))
      .get('/constant-variables/export.csv', () => csv('id,key\n7,battle.maxTurns\n'));
    const createObjectURL = jest.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^constant-variables-\d{4}-\d{2}-\d{2}\.csv$/);
    });
    const { user } = setup(bff, `${LIST}?q=battle&page=2`);
    await screen.findByText('battle.maxTurns');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = bff.calls('GET', '/constant-variables/export.csv')[0];
    expect(Object.fromEntries(exportCall.query)).toEqual({ q: 'battle', sort: 'key', order: 'asc' });
    expect(exportCall.headers.get('token')).toBe('test-token');
    click.mockRestore();
  });
});
