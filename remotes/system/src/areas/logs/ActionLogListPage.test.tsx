import { currentUrl, fakeBff, json, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ActionLog } from '@phoenix/contract';
import { localInputToIso } from '@phoenix/ui';
import ActionLogListPage from './ActionLogListPage';

const LOGS = '/admin/logs';
const entry: ActionLog = {
  id: 1,
  adminId: 2,
  adminEmail: 'ops@example.com',
  action: 'constantVariable.update',
  targetType: 'constantVariable',
  targetId: '7',
  before: { value: '30' },
  after: { value: '<img src=x onerror=alert(1)>' },
  createdAt: '2025-02-01T10:00:00.000Z',
};

const setup = (url = LOGS) => {
  const bff = fakeBff().get('/action-logs', () => json(page([entry], { pageSize: 50 })));
  return { bff, ...renderWithShell(<ActionLogListPage />, { bff, url, path: LOGS }) };
};

describe('action log list', () => {
  it('asks for newest first by default and shows before/after as text', async () => {
    const { bff } = setup();
    expect(await screen.findByText('ops@example.com')).toBeInTheDocument();
    expect(Object.fromEntries(bff.calls('GET', '/action-logs')[0].query)).toEqual({ page: '1', pageSize: '50', sort: 'createdAt', order: 'desc' });
    expect(screen.getByText('constantVariable #7')).toBeInTheDocument();
    expect(screen.getByLabelText('After')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });

  it('writes the filters to the URL (from/to as ISO) and sends them to the API', async () => {
    const { bff, user, router } = setup(`${LOGS}?page=3`);
    await screen.findByText('ops@example.com');
    await user.type(screen.getByLabelText('Admin email'), 'ops@example.com');
    await user.type(screen.getByLabelText('Action'), 'constantVariable.update');
    await user.type(screen.getByLabelText('From'), '2025-02-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const from = localInputToIso('2025-02-01T09:00');
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`${LOGS}?admin=ops%40example.com&action=constantVariable.update&from=${encodeURIComponent(from)}`),
    );
    await waitFor(() => expect(bff.calls('GET', '/action-logs')).toHaveLength(2));
    expect(Object.fromEntries(bff.calls('GET', '/action-logs')[1].query)).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'createdAt',
      order: 'desc',
      admin: 'ops@example.com',
      action: 'constantVariable.update',
      from,
    });
    // The inputs show what the URL holds (local time for the dates).
    expect(screen.getByLabelText('From')).toHaveValue('2025-02-01T09:00');
  });

  it('restores filters from a shared link and refuses an inverted range', async () => {
    const from = localInputToIso('2025-03-01T00:00');
    const { user, router } = setup(`${LOGS}?target=constantVariable&from=${encodeURIComponent(from)}`);
    expect(screen.getByLabelText('Target')).toHaveValue('constantVariable');
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-01T00:00');
    await user.type(screen.getByLabelText('To'), '2025-02-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('"From" must be before "To".');
    expect(currentUrl(router)).not.toContain('to=');
  });

  it('sorts by a column', async () => {
    const { user, router } = setup();
    await screen.findByText('ops@example.com');
    await user.click(within(screen.getByRole('columnheader', { name: /Admin/ })).getByRole('button'));
    expect(currentUrl(router)).toBe(`${LOGS}?sort=adminEmail&order=asc`);
  });
});
