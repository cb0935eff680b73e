import { screen, waitFor, within } from '@testing-library/react';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { apology, welcomePack, withCatalogue } from '../fixtures';

describeResourcePages({
  pages,
  base: 'present',
  records: [welcomePack, apology],
  sort: { header: /Name/, key: 'name' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Upcoming', value: 'upcoming' },
  extraRoutes: withCatalogue,
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Spring gift');
      await user.selectOptions(
        await screen.findByRole('combobox', { name: /^Item 1/ }),
        await screen.findByRole('option', { name: /Coin/ }),
      );
    },
    serverError: { field: 'name', label: 'Name' },
  },
});

const render = (url: string, bff = withCatalogue(fakeBff()).get('/presents', () => json(page([welcomePack, apology])))) => ({
  bff,
  ...renderRemotePage(pages, { bff, url }),
});

describe('presents: domain rules', () => {
  it('builds a present of two items, searching the catalogue, and sends the rows in order', async () => {
    const bff = withCatalogue(fakeBff())
      .get('/presents', () => json(page([])))
      .post('/presents', (req) => json({ ...welcomePack, ...(req.body as object), id: 99, version: 1 }, 201));
    const { user } = render('/admin/present/create', bff);
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Spring gift');
    await user.type(screen.getByLabelText('Search Item 1'), 'gem');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Coin/ })).toBeNull());
    await user.selectOptions(screen.getByRole('combobox', { name: /^Item 1/ }), screen.getByRole('option', { name: /Gem/ }));
    await user.clear(screen.getByLabelText('Quantity 1', { exact: false }));
    await user.type(screen.getByLabelText('Quantity 1', { exact: false }), '10');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Item 2/ }),
      within(screen.getByRole('combobox', { name: /^Item 2/ })).getByRole('option', { name: /Coin/ }),
    );
    await user.clear(screen.getByLabelText('Quantity 2', { exact: false }));
    await user.type(screen.getByLabelText('Quantity 2', { exact: false }), '500');
    await user.click(screen.getByRole('button', { name: 'Create present' }));
    await waitFor(() => expect(bff.calls('POST', '/presents')).toHaveLength(1));
    expect((bff.calls('POST', '/presents')[0].body as { items: unknown }).items).toEqual([
      { itemId: 2, quantity: 10 },
      { itemId: 1, quantity: 500 },
    ]);
  });

  it('refuses the same item twice before sending, on the repeated row', async () => {
    const { user, bff } = render('/admin/present/create');
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Twice');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Item 1/ }), await screen.findByRole('option', { name: /Coin/ }));
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Item 2/ }),
      within(screen.getByRole('combobox', { name: /^Item 2/ })).getByRole('option', { name: /Coin/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Create present' }));
    expect(await screen.findByText('This item is already listed')).toBeInTheDocument();
    expect(bff.calls('POST', '/presents')).toHaveLength(0);
  });

  it('a distributed present shows its items as fixed, with no row controls', async () => {
    const bff = withCatalogue(fakeBff())
      .get('/presents', () => json(page([apology])))
      .get('/presents/:id', () => json(apology));
    render(`/admin/present/edit?id=${apology.id}`, bff);
    expect(await screen.findByText('Items are fixed')).toBeInTheDocument();
    expect(await screen.findByText(/Health Potion × 3/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
  });
});
