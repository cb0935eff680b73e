import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiError, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { doneSend, scheduledSend, welcomePack } from '../fixtures';

describeResourcePages({
  pages,
  base: 'present/distribution',
  records: [scheduledSend, doneSend],
  sort: { header: /Scheduled for/, key: 'scheduledAt' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Done', value: 'done' },
  extraRoutes: (bff) =>
    bff
      .get('/presents', () => json(page([welcomePack])))
      .post('/present-distributions/preview', () => json({ recipients: 1200, unknownIds: 0 })),
});

const setup = () => {
  const bff = fakeBff()
    .get('/presents', () => json(page([welcomePack])))
    .get('/present-distributions', () => json(page([scheduledSend, doneSend])))
    .post('/present-distributions/preview', (req) => {
      const ids = (req.body as { playerIds: number[] }).playerIds;
      return json(
        (req.body as { target: string }).target === 'all' ? { recipients: 1200, unknownIds: 0 } : { recipients: ids.length, unknownIds: 0 },
      );
    })
    .post('/players/validate-ids', () => json({ unknown: [999] }))
    .post('/present-distributions', (req) =>
      json({ ...doneSend, id: 40, status: 'scheduled', recipientCount: 2, ...(req.body as object) }, 201),
    )
    .post('/present-distributions/:id/cancel', () => json({ ...scheduledSend, status: 'cancelled', version: 2 }));
  return { bff, ...renderRemotePage(pages, { bff, url: '/admin/present/distribution' }) };
};

describe('present distribution: domain rules', () => {
  it('sends to a pasted id list now: counts first, confirms with the count, posts the ids', async () => {
    const { user, bff } = setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    expect(await screen.findByText('1,200 players will receive it.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('A list of player ids'));
    await user.click(screen.getByRole('button', { name: 'Paste or upload ids' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '5, 6, 999');
    // The modal checks the ids first and leaves the unknown one out.
    await user.click(within(dialog).getByRole('button', { name: 'Check ids' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Use these ids' }));
    expect(await screen.findByText('2 ids listed')).toBeInTheDocument();
    expect(await screen.findByText('2 players will receive it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('2 players receive it now. This cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bff.calls('POST', '/present-distributions')).toHaveLength(1));
    expect(bff.calls('POST', '/present-distributions')[0].body).toEqual({
      presentId: 11,
      target: 'list',
      playerIds: [5, 6],
      segmentId: null,
      scheduledAt: null,
      confirmedRecipients: 2,
    });
  });

  it('no send before the recipients are counted: a failed count says so, offers a retry, and keeps Send off', async () => {
    let fail = true;
    const bff = fakeBff()
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .post('/present-distributions/preview', () =>
        fail ? apiError(500, 'internal', 'Database unavailable') : json({ recipients: 1200, unknownIds: 0 }),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    expect(await screen.findByText('The number of recipients could not be counted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send now' })).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('1,200 players will receive it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send now' })).toBeEnabled();
  });

  it('a time in the past is refused on the field before the confirm (which would promise a cancel until then)', async () => {
    const { user, bff } = setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    expect(await screen.findByText('1,200 players will receive it.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('At a time'));
    fireEvent.change(screen.getByLabelText(/^Scheduled for/), { target: { value: '2020-01-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Pick a time in the future, or send it now')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bff.calls('POST', '/present-distributions')).toHaveLength(0);
  });

  it('a scheduled send needs a time; a scheduled distribution can be cancelled after a confirm', async () => {
    const { user, bff } = setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    await user.click(screen.getByLabelText('At a time'));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Pick a date and time')).toBeInTheDocument();
    expect(bff.calls('POST', '/present-distributions')).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Cancel the distribution of Welcome pack (#31)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel distribution' }));
    await waitFor(() => expect(bff.calls('POST', '/present-distributions/31/cancel')).toHaveLength(1));
    expect(bff.calls('POST', '/present-distributions/31/cancel')[0].body).toEqual({ version: 1 });
    // Only scheduled ones offer a cancel.
    expect(screen.queryByRole('button', { name: /#30/ })).toBeNull();
  });

  it('to all players: a player who joined since the count → the confirm says the new count and sends it when confirmed again', async () => {
    const bff = fakeBff()
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .post('/present-distributions/preview', () => json({ recipients: 1200, unknownIds: 0 }))
      .post('/present-distributions', (req) => {
        const body = req.body as { confirmedRecipients: number };
        if (body.confirmedRecipients !== 1201) {
          return apiError(409, 'conflict', 'The count changed: now 1201. Confirm again with the new count.', {
            current: { recipients: 1201, unknownIds: 0 },
          });
        }
        return json({ ...doneSend, id: 41, status: 'scheduled', recipientCount: 1201 }, 201);
      });
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    expect(await screen.findByText('1,200 players will receive it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('1,200 players receive it now. This cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(bff.calls('POST', '/present-distributions')).toHaveLength(1));
    confirm = await screen.findByRole('alertdialog');
    expect(
      await within(confirm).findByText(
        'The count changed: now 1,201. Confirm again with the new count. 1,201 players receive it now. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    // The form's count says the new figure too.
    expect(screen.getByText('1,201 players will receive it.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(bff.calls('POST', '/present-distributions')).toHaveLength(2));
    expect(bff.calls('POST', '/present-distributions').map((c) => c.body)).toEqual([
      { presentId: 11, target: 'all', playerIds: [], segmentId: null, scheduledAt: null, confirmedRecipients: 1200 },
      { presentId: 11, target: 'all', playerIds: [], segmentId: null, scheduledAt: null, confirmedRecipients: 1201 },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('a segment as the target', () => {
  it('picks a saved segment, counts its active members, confirms with that count and sends the segment', async () => {
    const whales = { id: 5, name: 'Whales', description: '', criteria: {}, version: 1, createdAt: '', updatedAt: '', updatedBy: null };
    const bff = fakeBff()
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .get('/segments', () => json(page([whales])))
      .post('/present-distributions/preview', (req) =>
        json(
          (req.body as { target: string }).target === 'segment' ? { recipients: 42, unknownIds: 0 } : { recipients: 1200, unknownIds: 0 },
        ),
      )
      .post('/present-distributions', (req) =>
        json({ ...doneSend, id: 42, status: 'scheduled', recipientCount: 42, ...(req.body as object) }, 201),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    // The segments are asked for only once "a segment" is chosen.
    expect(bff.calls('GET', '/segments')).toHaveLength(0);
    await user.click(screen.getByLabelText('A segment'));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Segment/ }),
      await screen.findByRole('option', { name: 'Whales' }),
    );
    expect(await screen.findByText('42 players will receive it.')).toBeInTheDocument();
    expect(bff.calls('POST', '/present-distributions/preview').at(-1)?.body).toEqual({ target: 'segment', playerIds: [], segmentId: 5 });
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('42 players receive it now. This cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bff.calls('POST', '/present-distributions')).toHaveLength(1));
    expect(bff.calls('POST', '/present-distributions')[0].body).toEqual({
      presentId: 11,
      target: 'segment',
      playerIds: [],
      segmentId: 5,
      scheduledAt: null,
      confirmedRecipients: 42,
    });
  });

  it("opened from a segment's page (?segment=5): that segment is chosen and counted", async () => {
    const whales = { id: 5, name: 'Whales', description: '', criteria: {}, version: 1, createdAt: '', updatedAt: '', updatedBy: null };
    const bff = fakeBff()
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .get('/segments', () => json(page([whales])))
      .post('/present-distributions/preview', () => json({ recipients: 42, unknownIds: 0 }));
    renderRemotePage(pages, { bff, url: '/admin/present/distribution?segment=5' });
    expect(await screen.findByText('42 players will receive it.')).toBeInTheDocument();
    expect(screen.getByLabelText('A segment')).toBeChecked();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Segment/ })).toHaveDisplayValue('Whales'));
    expect(bff.calls('POST', '/present-distributions/preview')[0].body).toEqual({ target: 'segment', playerIds: [], segmentId: 5 });
  });

  it('a segment must be picked before sending', async () => {
    const bff = fakeBff()
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .get('/segments', () => json(page([])))
      .post('/present-distributions/preview', () => json({ recipients: 1200, unknownIds: 0 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    await user.click(screen.getByLabelText('A segment'));
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const field = await screen.findByRole('combobox', { name: /^Segment/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/Pick a segment/);
    expect(bff.calls('POST', '/present-distributions')).toHaveLength(0);
  });
});

describe('present picker searched on the server', () => {
  it('asks the server for what the admin types and says when not every match is shown', async () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ ...welcomePack, id: 1000 + i, name: `Pack ${i}` }));
    const bff = fakeBff()
      .get('/presents', (req) =>
        req.query.get('q') === 'needle'
          ? json(page([{ ...welcomePack, id: 7, name: 'Needle gift' }], { total: 1 }))
          : json(page(many, { total: 1234, pageSize: 50 })),
      )
      .get('/present-distributions', () => json(page([])))
      .post('/present-distributions/preview', () => json({ recipients: 1200, unknownIds: 0 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    expect(await screen.findByTestId('picker-notice')).toHaveTextContent('Showing 50 of 1,234: type to narrow the list.');
    await user.type(screen.getByLabelText('Find a present (name or description)'), 'needle');
    expect(await screen.findByRole('option', { name: /Needle gift/ })).toBeInTheDocument();
    expect(screen.queryByTestId('picker-notice')).toBeNull();
    expect(bff.calls('GET', '/presents').some((r) => r.query.get('q') === 'needle')).toBe(true);
    expect(bff.calls('GET', '/presents').every((r) => r.query.get('pageSize') === '50')).toBe(true);
  });
});
