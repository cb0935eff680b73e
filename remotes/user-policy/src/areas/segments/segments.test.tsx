import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_SEGMENT_CRITERIA, type Segment, type SegmentCriteria } from '@phoenix/contract';
import { apiError, csv, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const whales: Segment = {
  id: 5,
  name: 'Whales',
  description: 'High levels with a wallet',
  criteria: { ...EMPTY_SEGMENT_CRITERIA, levelMin: 40, wallet: 'has', balanceMin: 5000, balanceMax: 20000 },
  version: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};
const dormant: Segment = {
  ...whales,
  id: 6,
  name: 'Dormant',
  description: '',
  criteria: { ...EMPTY_SEGMENT_CRITERIA, lastSeenTo: '2029-12-01T00:00:00.000Z' },
  version: 1,
};

/** A count that answers from the criteria, so a test sees which criteria were counted. */
const countOf = (criteria: SegmentCriteria) => (criteria.levelMin === null ? 1200 : criteria.levelMin >= 50 ? 7 : 31);

const withCount = (bff: ReturnType<typeof fakeBff>) =>
  bff
    .post('/segments/count', (req) =>
      json({ count: countOf({ ...EMPTY_SEGMENT_CRITERIA, ...(req.body as { criteria: SegmentCriteria }).criteria }) }),
    )
    .get('/policies', () => json(page([])));

describeResourcePages({
  pages,
  base: 'segments',
  records: [whales, dormant],
  sort: { header: /Name/, key: 'name' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'New players');
    },
    serverError: { field: 'name', label: 'Name' },
  },
  createLabel: 'Create segment',
  extraRoutes: withCount,
});

describe('segments: the form counts as it is edited', () => {
  it('shows the live count, counts again (once) after the criteria settle, and saves the criteria', async () => {
    const bff = withCount(fakeBff()).post('/segments', (req) => json({ ...whales, id: 9, ...(req.body as object), version: 1 }, 201));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/segments/create' });
    // Nothing set: every player.
    expect(await screen.findByText('1,200 players match.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name', { exact: false }), 'Top');
    // Typed key by key: the count waits for the value to settle, then asks once.
    await user.type(screen.getByLabelText('Lowest level'), '55');
    expect(await screen.findByText('7 players match.', undefined, { timeout: 3000 })).toBeInTheDocument();
    const counted = bff.calls('POST', '/segments/count').map((c) => (c.body as { criteria: SegmentCriteria }).criteria.levelMin);
    expect(counted).not.toContain(5);
    expect(counted.at(-1)).toBe(55);
    await user.selectOptions(screen.getByLabelText('Wallet'), 'Has a wallet');
    await waitFor(() =>
      expect((bff.calls('POST', '/segments/count').at(-1)?.body as { criteria: SegmentCriteria }).criteria.wallet).toBe('has'),
    );
    await user.type(screen.getByLabelText('Lowest points balance'), '1000');
    await waitFor(() =>
      expect((bff.calls('POST', '/segments/count').at(-1)?.body as { criteria: SegmentCriteria }).criteria.balanceMin).toBe(1000),
    );

    await user.click(screen.getByRole('button', { name: 'Create segment' }));
    await waitFor(() => expect(bff.calls('POST', '/segments')).toHaveLength(1));
    expect(bff.calls('POST', '/segments')[0].body).toEqual({
      name: 'Top',
      description: '',
      criteria: { ...EMPTY_SEGMENT_CRITERIA, levelMin: 55, wallet: 'has', balanceMin: 1000 },
    });
  });

  it('criteria the server refuses: the reason is shown beside the count, in the console language', async () => {
    const bff = fakeBff()
      .get('/policies', () => json(page([])))
      .post('/segments/count', (req) =>
        (req.body as { criteria: SegmentCriteria }).criteria.levelMax === 1
          ? apiError(400, 'validation_failed', 'Some fields are invalid', {
              fieldErrors: { 'criteria.levelMax': ['The highest level is below the lowest'] },
            })
          : json({ count: 12 }),
      );
    renderRemotePage(pages, { bff, url: '/admin/segments/create' });
    expect(await screen.findByText('12 players match.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Lowest level'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Highest level'), { target: { value: '1' } });
    expect(await screen.findByText('The highest level is below the lowest', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('editing starts from the saved criteria and sends the version', async () => {
    const bff = withCount(fakeBff())
      .get('/segments/5', () => json(whales))
      .put('/segments/5', (req) => json({ ...whales, ...(req.body as object), version: 3 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/segments/edit?id=5' });
    expect(await screen.findByText('31 players match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Lowest level')).toHaveValue(40);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bff.calls('PUT', '/segments/5')).toHaveLength(1));
    expect(bff.calls('PUT', '/segments/5')[0].body).toMatchObject({ name: 'Whales', criteria: whales.criteria, version: 2 });
  });
});

describe("segments: a segment's page", () => {
  const showBff = () =>
    fakeBff()
      .get('/segments', () => json(page([whales, dormant])))
      .get('/segments/5', () => json(whales))
      .get('/segments/5/count', () => json({ count: 3 }))
      .get('/segments/5/member-ids', () => json({ ids: [11, 12, 13] }))
      .get('/segments/members/export.csv', () => csv('playerId\r\n11\r\n12\r\n13\r\n'))
      .post('/players/ban', () => json({ banned: 3, alreadyBanned: 0, unknown: [] }));

  it('the list links each segment to its page: count, criteria and actions', async () => {
    const { user } = renderRemotePage(pages, { bff: showBff(), url: '/admin/segments' });
    await user.click(await screen.findByRole('link', { name: 'Open the segment Whales' }));
    expect(await screen.findByRole('heading', { name: 'Segment "Whales"' })).toBeInTheDocument();
    expect(await screen.findByText('3 players match.')).toBeInTheDocument();
    expect(screen.getByText('Level 40 and above')).toBeInTheDocument();
    expect(screen.getByText('Has a wallet')).toBeInTheDocument();
    expect(screen.getByText('5,000–20,000 points')).toBeInTheDocument();
    // The present distribution page opens with this segment chosen.
    expect(screen.getByRole('link', { name: 'Send a present…' })).toHaveAttribute('href', '/admin/present/distribution?segment=5');
  });

  it('exports the member ids as CSV (the export is the server’s, logged there)', async () => {
    const bff = showBff();
    const created = jest.fn(() => 'blob:segment');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const { user } = renderRemotePage(pages, { bff, url: '/admin/segments?id=5' });
    await user.click(await screen.findByRole('button', { name: 'Export member ids (CSV)' }));
    await waitFor(() => expect(bff.calls('GET', '/segments/members/export.csv')).toHaveLength(1));
    expect(bff.calls('GET', '/segments/members/export.csv')[0].query.get('segmentId')).toBe('5');
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it('bans its members: the ids are read first and the confirm names their count; exactly those are sent', async () => {
    const bff = showBff();
    const { user } = renderRemotePage(pages, { bff, url: '/admin/segments?id=5' });
    await user.click(await screen.findByRole('button', { name: 'Ban members…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban 3 players?' });
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Bot ring');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(bff.calls('POST', '/players/ban')).toHaveLength(1));
    expect(bff.calls('POST', '/players/ban')[0].body).toEqual({ ids: [11, 12, 13], reason: 'Bot ring', endsAt: null });
  });

  it('an unknown segment is a not-found state', async () => {
    renderRemotePage(pages, {
      bff: fakeBff().get('/segments/77', () => apiError(404, 'not_found', 'This segment does not exist')),
      url: '/admin/segments?id=77',
    });
    expect(await screen.findByText('This segment does not exist.')).toBeInTheDocument();
  });
});
