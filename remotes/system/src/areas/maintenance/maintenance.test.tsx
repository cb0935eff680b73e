import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MaintenanceStatus } from '@phoenix/contract';
import { localInputToIso } from '@phoenix/ui';
import pages from '../../pages';

const PATH = '/admin/maintenance';
const off: MaintenanceStatus = {
  enabled: false,
  message: '',
  plannedStart: null,
  plannedEnd: null,
  allowedPlayerIds: [1, 2, 3],
  version: 4,
  updatedAt: '2025-02-01T10:00:00.000Z',
  updatedBy: 'ops@example.com',
};

/** A BFF holding one maintenance document; PUT bumps the version and keeps the list when it is omitted. */
function maintenanceBff(initial: MaintenanceStatus = off) {
  let doc = initial;
  const bff = fakeBff()
    .get('/maintenance', () => json(doc))
    .put('/maintenance', (req) => {
      const body = req.body as Partial<MaintenanceStatus> & { version: number };
      if (body.version !== doc.version) return apiError(409, 'conflict', 'Version mismatch', { current: doc });
      doc = { ...doc, ...body, allowedPlayerIds: body.allowedPlayerIds ?? doc.allowedPlayerIds, version: doc.version + 1 };
      return json(doc);
    });
  return { bff, set: (next: MaintenanceStatus) => (doc = next) };
}

const setup = (bff: ReturnType<typeof fakeBff>) => ({ bff, ...renderRemotePage(pages, { bff, url: PATH }) });

describe('maintenance page', () => {
  it('turns maintenance on after a confirm that names the effect, then off again', async () => {
    const { bff, user } = setup(maintenanceBff().bff);
    expect(await screen.findByRole('heading', { name: /Maintenance is OFF/ })).toBeInTheDocument();

    // Turning on needs a message for the players: checked before anything is asked or sent.
    await user.click(screen.getByRole('button', { name: 'Turn maintenance on' }));
    expect(screen.getByLabelText('Message to players')).toHaveAccessibleDescription(expect.stringContaining('Tell players why'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(screen.getByLabelText('Message to players'), 'Patch 2.1 rollout');
    await user.type(screen.getByLabelText('Planned start'), '2025-03-01T10:00');
    await user.type(screen.getByLabelText('Planned end'), '2025-03-01T12:00');
    await user.click(screen.getByRole('button', { name: 'Turn maintenance on' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn maintenance on?' });
    expect(dialog).toHaveAccessibleDescription(
      'All players except 3 allowed players will be disconnected and kept out until maintenance is turned off. ' +
        'Your unsaved edits to the settings are saved with it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Turn maintenance on' }));

    expect(await screen.findByRole('heading', { name: /Maintenance is ON/ })).toBeInTheDocument();
    expect(bff.calls('PUT', '/maintenance')[0].body).toEqual({
      enabled: true,
      message: 'Patch 2.1 rollout',
      plannedStart: localInputToIso('2025-03-01T10:00'),
      plannedEnd: localInputToIso('2025-03-01T12:00'),
      version: 4, // no allowedPlayerIds: the list is kept as it is
    });
    expect(screen.getByRole('status')).toHaveTextContent('Maintenance is ON: players are kept out.');

    await user.click(screen.getByRole('button', { name: 'Turn maintenance off' }));
    const offDialog = await screen.findByRole('dialog', { name: 'Turn maintenance off?' });
    expect(offDialog).toHaveAccessibleDescription('Players can sign in again.');
    await user.click(within(offDialog).getByRole('button', { name: 'Turn maintenance off' }));
    expect(await screen.findByRole('heading', { name: /Maintenance is OFF/ })).toBeInTheDocument();
    expect(bff.calls('PUT', '/maintenance')[1].body).toMatchObject({ enabled: false, version: 5 });
  });

  it('sends nothing when the confirm is cancelled', async () => {
    const { bff, user } = setup(maintenanceBff({ ...off, message: 'Planned' }).bff);
    await user.click(await screen.findByRole('button', { name: 'Turn maintenance on' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(bff.calls('PUT', '/maintenance')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: /Maintenance is OFF/ })).toBeInTheDocument();
  });

  it('adds players in bulk: invalid lines and unknown ids are listed before confirming', async () => {
    const { bff } = maintenanceBff();
    bff.post('/players/validate-ids', (req) => json({ unknown: (req.body as { ids: number[] }).ids.filter((id) => id > 2000) }));
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Add players' }));
    const dialog = screen.getByRole('dialog', { name: 'Add allowed players' });
    fireEvent.change(within(dialog).getByLabelText('Player ids'), { target: { value: '3\nbob\n99999\n4\n5' } });
    await user.click(await within(dialog).findByRole('button', { name: 'Check ids' }));

    expect(await within(dialog).findByRole('list', { name: 'Unknown ids' })).toHaveTextContent('99999');
    expect(within(dialog).getByRole('list', { name: 'Invalid entries' })).toHaveTextContent('Line 2: bob');
    expect(bff.calls('POST', '/players/validate-ids')[0].body).toEqual({ ids: [3, 99999, 4, 5] });
    await user.click(within(dialog).getByRole('button', { name: 'Add players' }));

    const list = await screen.findByRole('list', { name: 'Allowed player ids' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByText('Unsaved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove player 2' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(bff.calls('PUT', '/maintenance')).toHaveLength(1));
    expect(bff.calls('PUT', '/maintenance')[0].body).toMatchObject({ enabled: false, allowedPlayerIds: [1, 3, 4, 5], version: 4 });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved the maintenance settings.');
    expect(screen.queryByText('Unsaved')).toBeNull();
  });

  it('shows one bounded page of a 100,000-id allow list, and can clear it', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => i + 1);
    const { bff, user } = setup(maintenanceBff({ ...off, allowedPlayerIds: many }).bff);
    const list = await screen.findByRole('list', { name: 'Allowed player ids' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.getByText('1–100 of 100,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Maintenance is OFF/ }).closest('section')).toHaveTextContent('Allowed players100,000');

    await user.click(screen.getByRole('button', { name: 'Clear list' }));
    expect(screen.getByText(/No players are allowed in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bff.calls('PUT', '/maintenance')).toHaveLength(1));
    expect(bff.calls('PUT', '/maintenance')[0].body).toMatchObject({ allowedPlayerIds: [] });
  });

  it('on a 409 shows their version; "Reload their version" shows their values', async () => {
    const { bff, set } = maintenanceBff();
    const { user } = setup(bff);
    await user.type(await screen.findByLabelText('Message to players'), 'mine');
    set({ ...off, enabled: true, message: 'Rival message', version: 5, updatedBy: 'rival@example.com' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByRole('alert', { name: 'Edit conflict' });
    expect(conflict).toHaveTextContent('Someone else saved this maintenance status while you were editing.');
    expect(conflict).toHaveTextContent('by rival@example.com');
    // The status panel shows what is live now.
    expect(await screen.findByRole('heading', { name: /Maintenance is ON/ })).toBeInTheDocument();
    await user.click(within(conflict).getByRole('button', { name: 'Reload their version' }));
    expect(screen.getByLabelText('Message to players')).toHaveValue('Rival message');
    expect(screen.queryByRole('alert', { name: 'Edit conflict' })).toBeNull();
  });

  it('on a 409 "Keep mine" saves over theirs, confirming first when it would switch maintenance back off', async () => {
    const { bff, set } = maintenanceBff();
    const { user } = setup(bff);
    await user.type(await screen.findByLabelText('Message to players'), 'mine');
    set({ ...off, enabled: true, message: 'Rival message', version: 5 });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(within(await screen.findByRole('alert', { name: 'Edit conflict' })).getByRole('button', { name: 'Keep mine' }));
    expect(screen.getByLabelText('Message to players')).toHaveValue('mine');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn maintenance off?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn maintenance off' }));
    await waitFor(() => expect(bff.calls('PUT', '/maintenance')).toHaveLength(2));
    expect(bff.calls('PUT', '/maintenance')[1].body).toMatchObject({ enabled: false, message: 'mine', version: 5 });
  });

  it('says what failed when the document cannot be loaded', async () => {
    setup(fakeBff().get('/maintenance', () => apiError(500, 'internal_error', 'boom')));
    expect(await screen.findByText('Could not load the maintenance status')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The server failed to handle this request');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
