import { screen, waitFor, within } from '@testing-library/react';
import { lotteryRoundResource, type LotteryRound } from '@phoenix/contract';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const weekly: LotteryRound = {
  id: 31,
  name: 'Weekly lottery',
  ticketPrice: 100,
  prizes: [
    { rank: 1, reward: 10_000, count: 1 },
    { rank: 2, reward: 1_000, count: 3 },
  ],
  drawAt: '2099-01-08T12:00:00.000Z',
  status: 'open',
  seedHash: 'a'.repeat(64),
  seed: null,
  ticketCount: 0,
  drawnAt: null,
  winners: [],
  version: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};
const monthly: LotteryRound = { ...weekly, id: 32, name: 'Monthly lottery', version: 1 };

describeResourcePages({
  resource: lotteryRoundResource,
  pages,
  base: 'points-lottery',
  shape: 'subViews',
  records: [weekly, monthly],
  labelOf: (r) => r.name,
  sort: { header: /Ticket price/, key: 'ticketPrice' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Drawn', value: 'drawn' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Spring lottery');
    },
    serverError: { field: 'name', label: 'Name' },
  },
});

describe('lottery rounds: domain rules', () => {
  it('a drawn round shows the published hash, the revealed seed, the tickets, the winners and how to check them; it is read-only', async () => {
    const drawn: LotteryRound = {
      ...weekly,
      status: 'drawn',
      seed: 'b'.repeat(64),
      ticketCount: 18,
      drawnAt: '2099-01-08T12:00:02.000Z',
      winners: [
        { slot: 0, rank: 1, reward: 10_000, ticketId: 907, playerId: 44 },
        { slot: 1, rank: 2, reward: 1_000, ticketId: 903, playerId: 12 },
      ],
    };
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([drawn])))
      .get('/lottery/rounds/31', () => json(drawn));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const proof = await screen.findByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('a'.repeat(64))).toBeInTheDocument();
    expect(within(proof).getByText('b'.repeat(64))).toBeInTheDocument();
    expect(within(proof).getByText('18')).toBeInTheDocument();
    const winners = within(proof).getByRole('table', { name: 'Winners' });
    expect(within(winners).getAllByRole('row')).toHaveLength(3);
    expect(within(winners).getByText('907')).toBeInTheDocument();
    expect(within(proof).getByText(/HMAC-SHA256 with the seed bytes as key/)).toBeInTheDocument();
    expect(screen.getByText('This round has been drawn: it can no longer change.')).toBeInTheDocument();
  });

  it('an open round shows its hash but not the seed yet', async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([weekly])))
      .get('/lottery/rounds/31', () => json(weekly));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const proof = await screen.findByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('Revealed after the draw')).toBeInTheDocument();
    expect(within(proof).getByText(/The winners are drawn at/)).toBeInTheDocument();
  });

  it('an open page whose draw is due asks again until the round is drawn, then shows the winners and the seed', async () => {
    const due: LotteryRound = { ...weekly, drawAt: new Date(Date.now() - 1_000).toISOString(), ticketCount: 3 };
    const drawn: LotteryRound = {
      ...due,
      status: 'drawn',
      seed: 'c'.repeat(64),
      drawnAt: new Date().toISOString(),
      winners: [{ slot: 0, rank: 1, reward: 10_000, ticketId: 5, playerId: 7 }],
      version: 3,
    };
    let asked = 0;
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([due])))
      .get('/lottery/rounds/31', () => json(++asked < 2 ? due : drawn));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const proof = await screen.findByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('Revealed after the draw')).toBeInTheDocument();
    const winners = await within(proof).findByRole('table', { name: 'Winners' }, { timeout: 8_000 });
    expect(within(winners).getByText('5')).toBeInTheDocument();
    expect(within(proof).getByText('c'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('This round has been drawn: it can no longer change.')).toBeInTheDocument();
  });

  it('an open page whose draw is days away does not ask again', async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([weekly])))
      .get('/lottery/rounds/31', () => json(weekly));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    await screen.findByRole('region', { name: 'Verifiable draw' });
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(api.calls('GET', '/lottery/rounds/31')).toHaveLength(1);
  });

  it('with tickets sold, the price and prizes are shown fixed and a rename sends them unchanged', async () => {
    const sold: LotteryRound = { ...weekly, ticketCount: 5 };
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([sold])))
      .get('/lottery/rounds/31', () => json(sold))
      .put('/lottery/rounds/31', (req) => json({ ...sold, ...(req.body as object), version: 3 }));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    expect(await screen.findByText('5 tickets have been sold: the ticket price and the prizes can no longer change.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Prize 1 reward (points)', { exact: false })).not.toBeInTheDocument();
    const name = screen.getByLabelText('Name', { exact: false });
    await user.clear(name);
    await user.type(name, 'Weekly lottery, renamed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PUT', '/lottery/rounds/31')).toHaveLength(1));
    expect(api.calls('PUT', '/lottery/rounds/31')[0].body).toMatchObject({
      name: 'Weekly lottery, renamed',
      ticketPrice: 100,
      prizes: weekly.prizes,
      version: 2,
    });
  });

  it('refuses a prize count of 0 before sending', async () => {
    const api = fakeBff().get('/lottery/rounds', () => json(page([])));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?create=1' });
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Zero');
    // A draw can be seconds away: the draw time is picked to the second.
    expect(screen.getByLabelText('Draw time', { exact: false })).toHaveAttribute('step', '1');
    const count = screen.getByLabelText('Prize 1 winners', { exact: false });
    await user.clear(count);
    await user.type(count, '0');
    await user.click(screen.getByRole('button', { name: 'Create lottery round' }));
    expect(await screen.findByText('The count is at least 1')).toBeInTheDocument();
    expect(api.calls('POST', '/lottery/rounds')).toHaveLength(0);
  });
});
