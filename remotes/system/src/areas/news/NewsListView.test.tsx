import { apiError, csv, currentUrl, fakeBff, json, noContent, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import InformationPage from './InformationPage';
import { patchNotes, springEvent } from './fixtures';

const LIST = '/admin/information';
const listing = () => fakeBff().get('/news', () => json(page([patchNotes, springEvent])));
const setup = (bff = listing(), url = LIST) => ({ bff, ...renderWithShell(<InformationPage />, { bff, url, path: LIST }) });

describe('information list', () => {
  it('asks the server for the search, filters, sort and page in the URL', async () => {
    const { bff } = setup(undefined, `${LIST}?q=patch&category=update&status=published&sort=publishStart&order=desc&page=2`);
    expect(await screen.findByText('Patch 1.2 is live')).toBeInTheDocument();
    expect(Object.fromEntries(bff.calls('GET', '/news')[0].query)).toEqual({
      page: '2',
      pageSize: '20',
      sort: 'publishStart',
      order: 'desc',
      q: 'patch',
      category: 'update',
      status: 'published',
    });
    expect(screen.getByLabelText('Search title or body')).toHaveValue('patch');
    expect(screen.getByLabelText('Category')).toHaveValue('update');
    expect(screen.getByLabelText('Status')).toHaveValue('published');
    expect(screen.getByRole('columnheader', { name: /Publish start/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows status badges and a plain-text excerpt where HTML stays text', async () => {
    setup();
    const row = (await screen.findByText('Patch 1.2 is live')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('Pinned')).toBeInTheDocument();
    expect(within(row).getByText('Fixes The arena no longer freezes <script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    const scheduled = screen.getByText('Spring event').closest('tr') as HTMLElement;
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument();
  });

  it('writes filters, sort and search to the URL, each going back to page 1', async () => {
    const { user, router } = setup(undefined, `${LIST}?page=3`);
    await screen.findByText('Patch 1.2 is live');
    await user.selectOptions(screen.getByLabelText('Category'), 'event');
    expect(currentUrl(router)).toBe(`${LIST}?category=event`);
    await user.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    expect(currentUrl(router)).toBe(`${LIST}?category=event&status=scheduled`);
    for (const header of ['Title', 'Category', 'Publish start', 'Publish end', 'Pinned', 'Updated']) {
      expect(within(screen.getByRole('columnheader', { name: new RegExp(header) })).getByRole('button')).toBeInTheDocument();
    }
    await user.click(within(screen.getByRole('columnheader', { name: /Title/ })).getByRole('button'));
    expect(currentUrl(router)).toBe(`${LIST}?category=event&status=scheduled&sort=title&order=asc`);
    await user.type(screen.getByLabelText('Search title or body'), 'spring{Enter}');
    expect(currentUrl(router)).toBe(`${LIST}?category=event&status=scheduled&sort=title&order=asc&q=spring`);
  });

  it('links to the create and edit sub-views, keeping the list filters for the way back', async () => {
    setup(undefined, `${LIST}?q=patch`);
    expect(await screen.findByRole('link', { name: 'Edit Patch 1.2 is live' })).toHaveAttribute('href', `${LIST}?q=patch&edit=42`);
    expect(screen.getByRole('link', { name: 'New information' })).toHaveAttribute('href', `${LIST}?q=patch&create=1`);
  });

  it('deletes after a confirm naming the title, sending the version, and refreshes the list', async () => {
    const bff = listing().delete('/news/:id', () => noContent());
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Delete Patch 1.2 is live' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete news "Patch 1.2 is live"?' });
    expect(dialog).toHaveTextContent('Players stop seeing it at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bff.calls('DELETE', '/news/42')).toHaveLength(1));
    expect(bff.calls('DELETE', '/news/42')[0].query.get('version')).toBe('3');
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted "Patch 1.2 is live".');
    await waitFor(() => expect(bff.calls('GET', '/news')).toHaveLength(2));
  });

  it('sends nothing when the delete is cancelled', async () => {
    const { bff, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Spring event' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bff.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('exports the current filter as CSV', async () => {
    const bff = listing().get('/news/export.csv', () => csv('id,title\n42,Patch\n'));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = setup(bff, `${LIST}?category=update&status=published&page=2`);
    await screen.findByText('Patch 1.2 is live');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(bff.calls('GET', '/news/export.csv')[0].query)).toEqual({ order: 'asc', category: 'update', status: 'published' });
    click.mockRestore();
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    const bff = fakeBff().get('/news', () => (fail ? apiError(500, 'internal_error', 'boom') : json(page([patchNotes]))));
    const { user } = setup(bff);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed to handle this request');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Patch 1.2 is live')).toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { user, router } = setup(fakeBff().get('/news', () => json(page([]))), `${LIST}?status=expired`);
    expect(await screen.findByText('No news matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl(router)).toBe(LIST);
    expect(await screen.findByText('No news yet')).toBeInTheDocument();
  });
});
