import { apiError, currentUrl, fakeBff, json, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { isoToLocalInput } from '@phoenix/ui';
import InformationPage from './InformationPage';
import { patchNotes } from './fixtures';

const LIST = '/admin/information';
const withRecord = () =>
  fakeBff()
    .get('/news/:id', (req) => (req.params.id === '42' ? json(patchNotes) : apiError(404, 'not_found', 'This news item does not exist')))
    .get('/news', () => json(page([patchNotes])));
const setup = (bff = withRecord(), url = `${LIST}?q=patch&edit=42`) => ({ bff, ...renderWithShell(<InformationPage />, { bff, url, path: LIST }) });

describe('information edit', () => {
  it('loads the item named by ?edit= and saves it with its version, back to the same list', async () => {
    const bff = withRecord().put('/news/:id', (req) => json({ ...patchNotes, ...(req.body as object), version: 4 }));
    const { user, router } = setup(bff);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Patch 1.2 is live');
    expect(screen.getByLabelText('Category')).toHaveValue('update');
    expect(screen.getByLabelText('Publish start')).toHaveValue(isoToLocalInput(patchNotes.publishStart));
    expect(screen.getByLabelText('Publish end')).toHaveValue('');
    expect(screen.getByLabelText('Pinned')).toBeChecked();
    await user.clear(title);
    await user.type(title, 'Patch 1.2.1 is live');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`${LIST}?q=patch`));
    expect(bff.calls('PUT', '/news/42')[0].body).toEqual({
      title: 'Patch 1.2.1 is live',
      body: patchNotes.body,
      category: 'update',
      publishStart: patchNotes.publishStart,
      publishEnd: null,
      pinned: true,
      version: 3,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved "Patch 1.2.1 is live".');
  });

  it('on a 409 shows their version; "Keep mine" saves again over it', async () => {
    const theirs = { ...patchNotes, title: 'Patch 1.2 (hotfix)', version: 4, updatedBy: 'rival@example.com' };
    let puts = 0;
    const bff = withRecord().put('/news/:id', (req) =>
      ++puts === 1 ? apiError(409, 'conflict', 'Someone else changed this record', { current: theirs }) : json({ ...theirs, ...(req.body as object), version: 5 }),
    );
    const { user, router } = setup(bff);
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByRole('alert', { name: 'Edit conflict' });
    expect(conflict).toHaveTextContent('Someone else saved this news item');
    expect(conflict).toHaveTextContent('rival@example.com');
    expect(conflict).toHaveTextContent('"Patch 1.2 (hotfix)"');
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${LIST}?q=patch`));
    expect(bff.calls('PUT', '/news/42')[1].body).toMatchObject({ title: 'Mine', version: 4 });
  });

  it('on a 409 "Reload their version" shows their values', async () => {
    const theirs = { ...patchNotes, title: 'Patch 1.2 (hotfix)', pinned: false, version: 4 };
    const bff = withRecord().put('/news/:id', () => apiError(409, 'conflict', 'Someone else changed this record', { current: theirs }));
    const { user } = setup(bff);
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' (mine)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: 'Reload their version' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Patch 1.2 (hotfix)');
    expect(screen.getByLabelText('Pinned')).not.toBeChecked();
    expect(screen.queryByRole('alert', { name: 'Edit conflict' })).toBeNull();
  });

  it('shows a not-found state for an unknown or invalid id, with the way back', async () => {
    const { user, router } = setup(undefined, `${LIST}?edit=7`);
    expect(await screen.findByText('There is no news item 7. It may have been deleted: open another one from the list.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to information' }));
    expect(currentUrl(router)).toBe(LIST);
  });

  it('says the link is broken when ?edit= is not an id', async () => {
    setup(undefined, `${LIST}?edit=abc`);
    expect(await screen.findByText('The link has no valid news item id. Open the news item from the list.')).toBeInTheDocument();
  });
});
