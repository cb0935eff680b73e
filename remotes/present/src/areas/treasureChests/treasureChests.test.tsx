import { screen, waitFor } from '@testing-library/react';
import { type TreasureChest } from '@phoenix/contract';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { withCatalogue } from '../fixtures';

const ember: TreasureChest = {
  id: 61,
  name: 'Ember chest',
  rarity: 'rare',
  openCost: 50,
  costCurrency: 'gem',
  drops: [
    { itemId: 1, quantity: 100, weight: 3, chance: 75 },
    { itemId: 2, quantity: 5, weight: 1, chance: 25 },
  ],
  version: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};
const frost: TreasureChest = { ...ember, id: 62, name: 'Frost chest', rarity: 'epic', version: 1 };

describeResourcePages({
  pages,
  base: 'treasureChest',
  records: [ember, frost],
  sort: { header: /Open cost/, key: 'openCost' },
  filter: { name: 'rarity', label: 'Rarity', optionLabel: 'Epic', value: 'epic' },
  extraRoutes: withCatalogue,
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Storm chest');
      await user.selectOptions(screen.getByRole('combobox', { name: /^Rarity/ }), 'Rare');
      await user.selectOptions(screen.getByRole('combobox', { name: /^Currency/ }), 'Gem');
      await user.selectOptions(
        await screen.findByRole('combobox', { name: /^Drop 1 item/ }),
        await screen.findByRole('option', { name: /Coin \(currency\)/ }),
      );
    },
    serverError: { field: 'name', label: 'Name' },
  },
});

describe('treasure chests: domain rules', () => {
  it('shows each row’s chance from the weights as they are typed, and sends the drop table', async () => {
    const bff = withCatalogue(fakeBff())
      .get('/treasure-chests', () => json(page([])))
      .post('/treasure-chests', (req) => json({ ...ember, ...(req.body as object), id: 70, version: 1 }, 201));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/treasureChest?create=1' });
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Storm chest');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Rarity/ }), 'Epic');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Currency/ }), 'Gem');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Drop 1 item/ }),
      await screen.findByRole('option', { name: /Coin \(currency\)/ }),
    );
    expect(screen.getByRole('status', { name: 'Drop 1 chance' })).toHaveTextContent('100.00 %');
    await user.click(screen.getByRole('button', { name: 'Add drop' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^Drop 2 item/ }), '2');
    await user.clear(screen.getByLabelText('Drop 2 weight', { exact: false }));
    await user.type(screen.getByLabelText('Drop 2 weight', { exact: false }), '3');
    expect(screen.getByRole('status', { name: 'Drop 1 chance' })).toHaveTextContent('25.00 %');
    expect(screen.getByRole('status', { name: 'Drop 2 chance' })).toHaveTextContent('75.00 %');
    await user.click(screen.getByRole('button', { name: 'Create treasure chest' }));
    await waitFor(() => expect(bff.calls('POST', '/treasure-chests')).toHaveLength(1));
    expect((bff.calls('POST', '/treasure-chests')[0].body as TreasureChest).drops).toEqual([
      { itemId: 1, quantity: 1, weight: 1 },
      { itemId: 2, quantity: 1, weight: 3 },
    ]);
  });

  it('refuses a weight of 0 before sending', async () => {
    const bff = withCatalogue(fakeBff()).get('/treasure-chests', () => json(page([])));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/treasureChest?create=1' });
    await user.clear(await screen.findByLabelText('Drop 1 weight', { exact: false }));
    await user.type(screen.getByLabelText('Drop 1 weight', { exact: false }), '0');
    await user.click(screen.getByRole('button', { name: 'Create treasure chest' }));
    expect(await screen.findByText('The weight is more than 0')).toBeInTheDocument();
    expect(bff.calls('POST', '/treasure-chests')).toHaveLength(0);
  });
});
