import { screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@phoenix/ui';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { gemPack, potionBundle, withCatalogue } from '../fixtures';

describeResourcePages({
  pages,
  base: 'shop',
  records: [gemPack, potionBundle],
  sort: { header: /Price/, key: 'price' },
  filter: { name: 'currency', label: 'Currency', optionLabel: 'Gem', value: 'gem' },
  extraRoutes: withCatalogue,
  createLabel: 'Create shop item',
  create: {
    fill: async (user) => {
      await user.selectOptions(
        await screen.findByRole('combobox', { name: /^Item/ }),
        await screen.findByRole('option', { name: /Gem \(currency\)/ }),
      );
      await user.selectOptions(screen.getByRole('combobox', { name: /^Currency/ }), 'Coin');
    },
    serverError: { field: 'currency', label: 'Currency' },
  },
});

describe('shop: domain rules', () => {
  it("shows an item's history by labels and values, titled by the shop item rather than a bare #", async () => {
    const after = { ...gemPack, itemId: 8, saleStart: '2030-02-01T00:00:00.000Z', enabled: false, version: 4 };
    const bff = withCatalogue(fakeBff())
      .get('/shop-items', () => json(page([after])))
      .get('/action-logs', () =>
        json(
          page([
            {
              id: 90,
              adminId: 1,
              adminEmail: 'ops@example.com',
              action: 'shopItem.update',
              targetType: 'shopItem',
              targetId: '51',
              before: gemPack,
              after,
              createdAt: '2030-01-05T00:00:00.000Z',
            },
          ]),
        ),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/shop' });
    await user.click(await screen.findByRole('button', { name: /^History of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'History of shop item #1' });
    const diff = await within(dialog).findByRole('table', { name: /3 changed, 0 added, 0 removed/ });
    const row = (name: string) => within(diff).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(row('Item')).toHaveTextContent(/Item\s*Changed\s*2\s*8/);
    expect(within(row('Sale start')).getByText(formatDateTime('2030-02-01T00:00:00.000Z'))).toBeInTheDocument();
    expect(within(row('Enabled')).getByText('Yes')).toBeInTheDocument();
    expect(within(row('Enabled')).getByText('No')).toBeInTheDocument();
    expect(within(diff).queryByRole('rowheader', { name: 'version' })).not.toBeInTheDocument();
  });

  it('moves an item up and down with the version it saw', async () => {
    const bff = withCatalogue(fakeBff())
      .get('/shop-items', () => json(page([gemPack, potionBundle])))
      .post('/shop-items/:id/move', (req) => json({ ...potionBundle, sortOrder: 1, version: 2, ...(req.body as object) }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/shop' });
    expect(await screen.findByRole('button', { name: 'Move #1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move #2 up' }));
    await waitFor(() => expect(bff.calls('POST', '/shop-items/52/move')).toHaveLength(1));
    expect(bff.calls('POST', '/shop-items/52/move')[0].body).toEqual({ direction: 'up', version: 1 });
    await user.click(screen.getByRole('button', { name: 'Move #1 down' }));
    await waitFor(() => expect(bff.calls('POST', '/shop-items/51/move')).toHaveLength(1));
    expect(bff.calls('POST', '/shop-items/51/move')[0].body).toEqual({ direction: 'down', version: 3 });
  });

  it('edits the price at shop/edit?id= and sends unlimited stock as null', async () => {
    const bff = withCatalogue(fakeBff())
      .get('/shop-items', () => json(page([gemPack])))
      .get('/shop-items/:id', () => json(gemPack))
      .put('/shop-items/:id', (req) => json({ ...gemPack, ...(req.body as object), version: 4 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/shop/edit?id=51' });
    const price = await screen.findByLabelText('Price', { exact: false });
    expect(screen.getByLabelText('Unlimited stock')).toBeChecked();
    await user.clear(price);
    await user.type(price, '750');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bff.calls('PUT', '/shop-items/51')).toHaveLength(1));
    expect(bff.calls('PUT', '/shop-items/51')[0].body).toMatchObject({ price: 750, stock: null, version: 3 });
  });
});
