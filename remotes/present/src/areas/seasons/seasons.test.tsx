import { screen, waitFor } from '@testing-library/react';
import { type Season } from '@phoenix/contract';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { withCatalogue } from '../fixtures';

const reward = { itemId: 1, quantity: 100 };
const spring: Season = {
  id: 81,
  name: 'Spring',
  startsAt: '2030-03-01T00:00:00.000Z',
  endsAt: '2030-04-01T00:00:00.000Z',
  premiumPrice: 980,
  tiers: [{ level: 1, xpRequired: 0, freeReward: reward, premiumReward: { itemId: 2, quantity: 5 } }],
  status: 'upcoming',
  version: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};
const winter: Season = {
  ...spring,
  id: 82,
  name: 'Winter',
  startsAt: '2030-05-01T00:00:00.000Z',
  endsAt: '2030-06-01T00:00:00.000Z',
  version: 1,
};

const pickFirst = async (user: { selectOptions: (el: Element, v: string) => Promise<void> }, name: RegExp, value: string) => {
  const select = await screen.findByRole('combobox', { name });
  await waitFor(() => expect(select.querySelectorAll('option').length).toBeGreaterThan(1));
  await user.selectOptions(select, value);
};

describeResourcePages({
  pages,
  base: 'seasonPass',
  records: [spring, winter],
  sort: { header: /Name/, key: 'name' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Active', value: 'active' },
  extraRoutes: withCatalogue,
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Summer');
      await pickFirst(user, /^Tier 1 free reward/, '1');
      await pickFirst(user, /^Tier 1 premium reward/, '2');
    },
    serverError: { field: 'name', label: 'Name' },
  },
});

describe('seasons: domain rules', () => {
  it('adds a season with three tiers, each next tier suggested above the last', async () => {
    const bff = withCatalogue(fakeBff())
      .get('/seasons', () => json(page([])))
      .post('/seasons', (req) => json({ ...spring, ...(req.body as object), id: 90, version: 1 }, 201));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/seasonPass?create=1' });
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Summer');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    for (const n of [1, 2, 3]) {
      await pickFirst(user, new RegExp(`^Tier ${n} free reward`), '1');
      await pickFirst(user, new RegExp(`^Tier ${n} premium reward`), '2');
    }
    await user.click(screen.getByRole('button', { name: 'Create season' }));
    await waitFor(() => expect(bff.calls('POST', '/seasons')).toHaveLength(1));
    const sent = bff.calls('POST', '/seasons')[0].body as Season;
    expect(sent.tiers.map((tier) => [tier.level, tier.xpRequired])).toEqual([
      [1, 0],
      [2, 1000],
      [3, 2000],
    ]);
  });

  it('refuses XP that does not go up before sending', async () => {
    const bff = withCatalogue(fakeBff()).get('/seasons', () => json(page([])));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/seasonPass?create=1' });
    await user.click(await screen.findByRole('button', { name: 'Add tier' }));
    for (const n of [1, 2]) {
      await pickFirst(user, new RegExp(`^Tier ${n} free reward`), '1');
      await pickFirst(user, new RegExp(`^Tier ${n} premium reward`), '2');
    }
    await user.clear(screen.getByLabelText('Tier 2 XP required', { exact: false }));
    await user.type(screen.getByLabelText('Tier 2 XP required', { exact: false }), '0');
    await user.click(screen.getByRole('button', { name: 'Create season' }));
    expect(await screen.findByText('XP required goes up strictly from one tier to the next')).toBeInTheDocument();
    expect(bff.calls('POST', '/seasons')).toHaveLength(0);
  });
});
