import { apiError, csv, currentUrl, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ActiveFlag } from '@phoenix/contract';
import pages from '../../pages';
import { doubleUp, newShop } from './fixtures';

const PATH = '/admin/activeFlag';

/** A BFF holding flags; the toggle checks the version and bumps it, like the real one. */
function flagsBff(initial: ActiveFlag[] = [doubleUp, newShop]) {
  let flags = initial;
  const bff = fakeBff()
    .get('/active-flags', () => json(page(flags)))
    .get('/active-flags/:id', (req) => {
      const flag = flags.find((f) => String(f.id) === req.params.id);
      return flag ? json(flag) : apiError(404, 'not_found', 'This flag does not exist');
    })
    .patch('/active-flags/:id/enabled', (req) => {
      const body = req.body as { enabled: boolean; version: number };
      const flag = flags.find((f) => String(f.id) === req.params.id)!;
      if (flag.version !== body.version) return apiError(409, 'conflict', 'Version mismatch', { current: flag });
      const saved = { ...flag, enabled: body.enabled, version: flag.version + 1 };
      flags = flags.map((f) => (f.id === saved.id ? saved : f));
      return json(saved);
    });
  return { bff, set: (next: ActiveFlag[]) => (flags = next) };
}

const setup = (bff: ReturnType<typeof fakeBff>, url = PATH) => ({ bff, ...renderRemotePage(pages, { bff, url }) });

describe('active flags list', () => {
  it('switches a flag with one click and a confirm; the row updates without a reload', async () => {
    const { bff, user } = setup(flagsBff().bff);
    const flagSwitch = await screen.findByRole('switch', { name: 'battle.double-up' });
    expect(flagSwitch).toHaveAttribute('aria-checked', 'true');
    expect(Object.fromEntries(bff.calls('GET', '/active-flags')[0].query)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'key',
      order: 'asc',
    });

    await user.click(flagSwitch);
    // The confirm opens once the change-control settings are read (a promise, settled or not).
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off battle.double-up?' });
    expect(dialog).toHaveAccessibleDescription('The game reads flags at its next refresh.');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.getByRole('switch', { name: 'battle.double-up' })).toHaveAttribute('aria-checked', 'false'));
    expect(bff.calls('PATCH', '/active-flags/3/enabled')[0].body).toEqual({ enabled: false, version: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('battle.double-up is now off.');
    // Switching back sends the new version.
    await user.click(screen.getByRole('switch', { name: 'battle.double-up' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Turn on battle.double-up?' })).getByRole('button', { name: 'Turn on' }),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'battle.double-up' })).toHaveAttribute('aria-checked', 'true'));
    expect(bff.calls('PATCH', '/active-flags/3/enabled')[1].body).toEqual({ enabled: true, version: 3 });
  });

  it('sends nothing when the confirm is cancelled', async () => {
    const { bff, user } = setup(flagsBff().bff);
    await user.click(await screen.findByRole('switch', { name: 'shop.new-layout' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Turn on shop.new-layout?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(bff.calls('PATCH', '/active-flags/4/enabled')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'shop.new-layout' })).toHaveAttribute('aria-checked', 'false');
  });

  it('on a 409 says someone else changed the flag and shows its current state', async () => {
    const { bff, set } = flagsBff();
    const { user } = setup(bff);
    await screen.findByRole('switch', { name: 'battle.double-up' });
    set([{ ...doubleUp, enabled: false, version: 3 }, newShop]); // another admin switched it off
    await user.click(screen.getByRole('switch', { name: 'battle.double-up' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed battle.double-up in the meantime');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'battle.double-up' })).toHaveAttribute('aria-checked', 'false'));
  });

  it('filters by state, sorts by every sortable column and exports the current filter', async () => {
    const { bff } = flagsBff();
    bff.get('/active-flags/export.csv', () => csv('id,key\n3,battle.double-up\n'));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const { user, router } = setup(bff);
    await screen.findByRole('switch', { name: 'battle.double-up' });

    await user.selectOptions(screen.getByLabelText('State'), 'true');
    expect(currentUrl(router)).toBe(`${PATH}?enabled=true`);
    await waitFor(() => expect(bff.calls('GET', '/active-flags').at(-1)!.query.get('enabled')).toBe('true'));

    for (const [header, key] of [
      ['State', 'enabled'],
      ['Updated', 'updatedAt'],
    ] as const) {
      await user.click(within(screen.getByRole('columnheader', { name: new RegExp(header) })).getByRole('button'));
      expect(router.state.location.search).toContain(`sort=${key}&order=asc`);
    }
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(bff.calls('GET', '/active-flags/export.csv')).toHaveLength(1));
    expect(Object.fromEntries(bff.calls('GET', '/active-flags/export.csv')[0].query)).toEqual({
      enabled: 'true',
      sort: 'updatedAt',
      order: 'asc',
    });
  });

  it('deletes a flag after a confirm, with the version it showed', async () => {
    const { bff } = flagsBff();
    bff.delete('/active-flags/:id', () => json({ ok: true }));
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Delete battle.double-up' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete flag battle.double-up?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bff.calls('DELETE', '/active-flags/3')).toHaveLength(1));
    expect(bff.calls('DELETE', '/active-flags/3')[0].query.get('version')).toBe('2');
  });
});

describe('active flag forms (?create=1, ?edit=<id>)', () => {
  it('validates the key on the client, shows the server duplicate on the field, then creates and returns to the list', async () => {
    const { bff } = flagsBff();
    let posts = 0;
    bff.post('/active-flags', (req) =>
      ++posts === 1
        ? apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { key: ['This key already exists'] } })
        : json({ ...newShop, id: 9, ...(req.body as object), version: 1 }, 201),
    );
    const { user, router } = setup(bff, `${PATH}?q=battle&create=1`);
    const key = await screen.findByLabelText('Key');
    await user.type(key, 'Battle Mode');
    await user.click(screen.getByRole('button', { name: 'Create flag' }));
    expect(key).toHaveAccessibleDescription(expect.stringContaining('Lowercase letters and digits'));
    expect(bff.calls('POST', '/active-flags')).toHaveLength(0);

    await user.clear(key);
    await user.type(key, 'battle.double-up');
    await user.click(screen.getByRole('button', { name: 'Create flag' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Key')).toHaveAccessibleDescription(expect.stringContaining('This key already exists')),
    );

    await user.clear(screen.getByLabelText('Key'));
    await user.type(screen.getByLabelText('Key'), 'battle.ranked-v2');
    await user.type(screen.getByLabelText('Description'), 'New ranked rules');
    await user.click(screen.getByRole('button', { name: 'Create flag' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${PATH}?q=battle`));
    expect(bff.calls('POST', '/active-flags')[1].body).toEqual({
      key: 'battle.ranked-v2',
      description: 'New ranked rules',
      enabled: false,
    });
    expect(await screen.findByText('Created battle.ranked-v2.')).toBeInTheDocument();
  });

  it('edits the description of the flag named by ?edit= (a reload reopens it)', async () => {
    const { bff } = flagsBff();
    bff.put('/active-flags/:id', (req) => json({ ...doubleUp, ...(req.body as object), version: 3 }));
    const { user, router } = setup(bff, `${PATH}?edit=3`);
    const description = await screen.findByLabelText('Description');
    expect(screen.getByText('battle.double-up')).toBeInTheDocument();
    await user.clear(description);
    await user.type(description, 'Weekend double-up');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(PATH));
    expect(bff.calls('PUT', '/active-flags/3')[0].body).toEqual({ description: 'Weekend double-up', enabled: true, version: 2 });
  });

  it('says so when ?edit= names no flag', async () => {
    setup(flagsBff().bff, `${PATH}?edit=77`);
    expect(await screen.findByText('There is no flag 77. It may have been deleted: open another one from the list.')).toBeInTheDocument();
  });
});
