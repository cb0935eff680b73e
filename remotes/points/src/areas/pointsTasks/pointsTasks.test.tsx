import { screen, waitFor, within } from '@testing-library/react';
import { type PointsTask } from '@phoenix/contract';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const audit = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: 'ops@example.com' };
const follow: PointsTask = {
  ...audit,
  id: 1,
  title: 'Follow Phoenix on X',
  type: 'social',
  rewardPoints: 50,
  link: 'https://x.com/phoenix',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2030-01-01T00:00:00.000Z',
  resetTime: null,
  status: 'active',
};
const login: PointsTask = {
  ...audit,
  id: 2,
  title: 'Daily login',
  type: 'daily',
  rewardPoints: 10,
  link: '',
  startsAt: '2029-01-01T00:00:00.000Z',
  endsAt: '2030-01-01T00:00:00.000Z',
  resetTime: '09:00',
  status: 'scheduled',
};

describeResourcePages({
  pages,
  base: 'points/tasks',
  records: [follow, login],
  sort: { header: /Reward/, key: 'rewardPoints' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Scheduled', value: 'scheduled' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Title', { exact: false }), 'Join Discord');
      await user.type(screen.getByLabelText('Reward (points)', { exact: false }), '25');
      await user.type(screen.getByLabelText('Ends', { exact: false }), '2030-01-01T10:00');
    },
    serverError: { field: 'title', label: 'Title' },
  },
  createLabel: 'Create task',
});

describe('points tasks: domain rules', () => {
  it('shows status and recurrence from the record', async () => {
    const api = fakeBff().get('/tasks', () => json(page([follow, login])));
    renderRemotePage(pages, { bff: api, url: '/admin/points/tasks' });
    const row = (await screen.findByText('Daily login')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(within(row).getByText('Daily at 09:00 UTC')).toBeInTheDocument();
    expect(within(screen.getByText('Follow Phoenix on X').closest('tr') as HTMLElement).getByText('Once')).toBeInTheDocument();
  });

  it('asks a daily task for its reset time and sends it; other types send none', async () => {
    const api = fakeBff()
      .get('/tasks', () => json(page([])))
      .post('/tasks', (req) => json({ ...follow, ...(req.body as object), id: 9 }, 201));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/tasks?create=1' });
    await user.type(await screen.findByLabelText('Title', { exact: false }), 'Daily quiz');
    expect(screen.queryByLabelText('Reset time (UTC)', { exact: false })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Type', { exact: false }), 'Daily');
    const reset = screen.getByLabelText('Reset time (UTC)', { exact: false });
    expect(reset).toHaveValue('00:00');
    await user.type(screen.getByLabelText('Reward (points)', { exact: false }), '15');
    await user.type(screen.getByLabelText('Ends', { exact: false }), '2030-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(api.calls('POST', '/tasks')).toHaveLength(1));
    expect(api.calls('POST', '/tasks')[0]!.body).toMatchObject({
      title: 'Daily quiz',
      type: 'daily',
      rewardPoints: 15,
      resetTime: '00:00',
    });
  });

  it('speaks Japanese', async () => {
    const api = fakeBff().get('/tasks', () => json(page([follow])));
    renderRemotePage(pages, { bff: api, url: '/admin/points/tasks', language: 'ja' });
    expect(await screen.findByRole('link', { name: 'タスクを作成' })).toBeInTheDocument();
    expect(await screen.findByText('公開中')).toBeInTheDocument();
  });
});
