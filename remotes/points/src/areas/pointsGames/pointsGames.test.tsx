import { screen, waitFor, within } from '@testing-library/react';
import { type Lootbox, type SpinWheel } from '@phoenix/contract';
import { apiError, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const audit = { version: 2, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-02T00:00:00.000Z', updatedBy: 'ops@example.com' };
const bronze: Lootbox = {
  id: 5,
  name: 'Bronze box',
  price: 500,
  rewards: [
    { kind: 'points', itemId: null, amount: 100, probability: 7000 },
    { kind: 'item', itemId: 4, amount: 2, probability: 3000 },
  ],
  ...audit,
};
const silver: Lootbox = { ...bronze, id: 6, name: 'Silver box', price: 900, version: 1 };

describeResourcePages({
  pages,
  base: 'points-lootbox',
  records: [bronze, silver],
  sort: { header: /Price/, key: 'price' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Gold box');
    },
    serverError: { field: 'name', label: 'Name' },
  },
});

describe('lootbox: probabilities add up to exactly 100.00%', () => {
  it('shows the running total and what is missing or over as it is typed, refuses to send until exact, then sends basis points', async () => {
    const potion = { id: 4, code: 'health_potion', name: 'Health Potion', kind: 'consumable', glyph: '✚', colour: '#dc2626' };
    const api = fakeBff()
      .get('/items/:id', (req) => (req.params.id === '4' ? json(potion) : apiError(404, 'not_found', 'This item does not exist')))
      .get('/lootboxes', () => json(page([])))
      .post('/lootboxes', (req) => json({ ...bronze, ...(req.body as object), id: 9, version: 1 }, 201));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lootbox?create=1' });
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Gold box');
    const status = () => screen.getByText(/^Total:/).closest('p')!;
    expect(status()).toHaveTextContent('Total: 100.00%. Exactly 100.00%: ready to save.');

    const first = screen.getByLabelText('Reward 1 probability (basis points)', { exact: false });
    await user.clear(first);
    await user.type(first, '7000');
    expect(status()).toHaveTextContent('Total: 70.00%. 30.00% missing to reach 100.00%.');

    // A new row starts with what is missing; the second is an item reward.
    await user.click(screen.getByRole('button', { name: 'Add a reward' }));
    expect(screen.getByLabelText('Reward 2 probability (basis points)', { exact: false })).toHaveValue(3000);
    const second = screen.getByLabelText('Reward 2 probability (basis points)', { exact: false });
    await user.clear(second);
    await user.type(second, '3001');
    expect(status()).toHaveTextContent('Total: 100.01%. 0.01% over 100.00%.');
    await user.click(screen.getByRole('button', { name: 'Create lootbox' }));
    expect(await screen.findByText(/must add up to exactly 100\.00% \(0\.01% over\)/)).toHaveAttribute('role', 'alert');
    expect(api.calls('POST', '/lootboxes')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Reward 2 type', { exact: false }), 'Item');
    // The id is looked up in the BFF's item catalogue as it is typed.
    const itemId = screen.getByLabelText('Reward 2 item ID', { exact: false });
    await user.type(itemId, '7');
    expect(await screen.findByRole('status', { name: 'Reward 2 item' })).toHaveTextContent('Not in the item catalogue');
    await user.clear(itemId);
    await user.type(itemId, '4');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Reward 2 item' })).toHaveTextContent('✚ Health Potion (consumable)'));
    await user.clear(second);
    await user.type(second, '3000');
    expect(status()).toHaveTextContent('Exactly 100.00%');
    await user.click(screen.getByRole('button', { name: 'Create lootbox' }));
    await waitFor(() => expect(api.calls('POST', '/lootboxes')).toHaveLength(1));
    expect(api.calls('POST', '/lootboxes')[0]!.body).toEqual({
      name: 'Gold box',
      price: 100,
      rewards: [
        { kind: 'points', itemId: null, amount: 100, probability: 7000 },
        { kind: 'item', itemId: 4, amount: 100, probability: 3000 },
      ],
    });
  });

  it('lists each reward with its percent', async () => {
    const api = fakeBff().get('/lootboxes', () => json(page([bronze])));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lootbox' });
    const row = (await screen.findByText('Bronze box')).closest('tr')!;
    expect(within(row).getByText('100 points — 70.00%')).toBeInTheDocument();
    expect(within(row).getByText('2 × item #4 — 30.00%')).toBeInTheDocument();
  });
});

describe('spin wheel', () => {
  const wheel: SpinWheel = {
    segments: [
      { kind: 'points', itemId: null, amount: 100, weight: 3, chance: 75 },
      { kind: 'points', itemId: null, amount: 1000, weight: 1, chance: 25 },
    ],
    freeSpinsPerDay: 1,
    version: 4,
    updatedAt: audit.updatedAt,
    updatedBy: audit.updatedBy,
  };

  it('shows each segment’s chance from the weights as typed, refuses a weight of 0, and saves', async () => {
    const api = fakeBff()
      .get('/settings/spin', () => json(wheel))
      .get('/settings/spin/history', () => json({ items: [], total: 0, page: 1, pageSize: 10 }))
      .put('/settings/spin', (req) => {
        const body = req.body as { version: number };
        if (body.version !== wheel.version) return apiError(409, 'conflict', 'Version mismatch', { current: wheel });
        return json({ ...wheel, ...body, version: wheel.version + 1 });
      });
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-spin' });
    await screen.findByLabelText('Segment 1 weight', { exact: false });
    expect(screen.getByText('75.00%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a segment' }));
    expect(screen.getAllByText(/^\d+\.\d\d%$/).map((el) => el.textContent)).toEqual(['60.00%', '20.00%', '20.00%']);
    const third = screen.getByLabelText('Segment 3 weight', { exact: false });
    await user.clear(third);
    await user.type(third, '0');
    expect(screen.getAllByText(/^\d+\.\d\d%$/).map((el) => el.textContent)).toEqual(['75.00%', '25.00%', '0.00%']);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(third).toHaveAccessibleDescription(expect.stringContaining('The weight is more than 0')));
    expect(api.calls('PUT', '/settings/spin')).toHaveLength(0);

    await user.clear(third);
    await user.type(third, '4');
    await user.clear(screen.getByLabelText('Free spins per day', { exact: false }));
    await user.type(screen.getByLabelText('Free spins per day', { exact: false }), '2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PUT', '/settings/spin')).toHaveLength(1));
    expect(api.calls('PUT', '/settings/spin')[0]!.body).toEqual({
      segments: [
        { kind: 'points', itemId: null, amount: 100, weight: 3 },
        { kind: 'points', itemId: null, amount: 1000, weight: 1 },
        { kind: 'points', itemId: null, amount: 10, weight: 4 },
      ],
      freeSpinsPerDay: 2,
      version: 4,
    });
  });
});
