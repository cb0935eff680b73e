import { screen, waitFor } from '@testing-library/react';
import { apiError, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { chatMute, gameApis, tradeFreeze } from './fixtures';

describeResourcePages({
  pages,
  base: 'policies',
  records: [tradeFreeze, chatMute],
  sort: { header: /Members/, key: 'memberCount' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Guild lock');
    },
    serverError: { field: 'name', label: 'Name' },
  },
  createLabel: 'Create policy',
});

describe('policies: domain rules', () => {
  it('lists the member count and links each policy to its APIs and its members', async () => {
    renderRemotePage(pages, { bff: fakeBff().get('/policies', () => json(page([tradeFreeze]))), url: '/admin/policies' });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restricted APIs of Trade freeze' })).toHaveAttribute(
      'href',
      '/admin/policies/restrictApis?id=7',
    );
    expect(screen.getByRole('link', { name: 'Members of Trade freeze' })).toHaveAttribute('href', '/admin/policies/users_in_policy?id=7');
  });

  const apisBff = () =>
    fakeBff()
      .get('/policies/7', () => json(tradeFreeze))
      .get('/game-apis', () => json(page(gameApis)));

  it('restrictApis: ticks the saved APIs and saves the new set with the version', async () => {
    const bff = apisBff().put('/policies/7/apis', () => json({ ...tradeFreeze, apiIds: [13, 17], version: 3 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/policies/restrictApis?id=7' });
    expect(await screen.findByRole('heading', { name: 'Restricted APIs of Trade freeze' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Buy on market/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Send chat message/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Send chat message/ }));
    await user.click(screen.getByRole('checkbox', { name: /Buy on market/ }));
    await user.click(screen.getByRole('button', { name: 'Save APIs' }));
    await waitFor(() => expect(bff.calls('PUT', '/policies/7/apis')).toHaveLength(1));
    expect(bff.calls('PUT', '/policies/7/apis')[0].body).toEqual({ apiIds: [17, 13], version: 2 });
    expect(await screen.findByText('The APIs of Trade freeze are saved')).toBeInTheDocument();
  });

  it('restrictApis: the catalogue is searched on the server; a tick outside the matches is kept and saved', async () => {
    const [buy, chat] = [gameApis.find((a) => a.id === 18)!, gameApis.find((a) => a.id === 13)!]; // buy is ticked, chat not
    const bff = fakeBff()
      .get('/policies/7', () => json(tradeFreeze))
      .get('/game-apis', (req) =>
        req.query.get('q') === 'chat' ? json(page([chat], { total: 1 })) : json(page(gameApis, { total: 640, pageSize: 100 })),
      )
      .put('/policies/7/apis', () => json({ ...tradeFreeze, apiIds: [13, 17], version: 3 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/policies/restrictApis?id=7' });
    expect(await screen.findByTestId('picker-notice')).toHaveTextContent(`Showing ${gameApis.length} of 640`);
    await user.type(screen.getByLabelText('Find an API (name or code)'), 'chat');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: new RegExp(buy.name) })).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: new RegExp(chat.name) }));
    await user.click(screen.getByRole('button', { name: 'Save APIs' }));
    await waitFor(() => expect(bff.calls('PUT', '/policies/7/apis')).toHaveLength(1));
    expect(bff.calls('PUT', '/policies/7/apis')[0].body).toEqual({ apiIds: [17, 18, 13], version: 2 });
    expect(bff.calls('GET', '/game-apis').some((r) => r.query.get('q') === 'chat')).toBe(true);
  });

  it('restrictApis: a stale version says so and reloads the policy', async () => {
    const bff = apisBff().put('/policies/7/apis', () => apiError(409, 'conflict', 'Someone else changed this record.'));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/policies/restrictApis?id=7' });
    await user.click(await screen.findByRole('checkbox', { name: /Send chat message/ }));
    await user.click(screen.getByRole('button', { name: 'Save APIs' }));
    expect(await screen.findByText('Someone else changed this policy')).toBeInTheDocument();
    await waitFor(() => expect(bff.calls('GET', '/policies/7').length).toBeGreaterThan(1));
  });

  it('restrictApis: an unknown policy or a bad id is a not-found state', async () => {
    renderRemotePage(pages, { bff: fakeBff().get('/game-apis', () => json(page(gameApis))), url: '/admin/policies/restrictApis?id=abc' });
    expect(await screen.findByText('This policy does not exist.')).toBeInTheDocument();
  });
});
