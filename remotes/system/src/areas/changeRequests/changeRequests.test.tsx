import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, within } from '@testing-library/react';
import type { ChangeRequest } from '@phoenix/contract';
import pages from '../../pages';

const PATH = '/admin/requests';

const pending: ChangeRequest = {
  id: 7,
  service: 'bff',
  operation: 'battle.forceEndAll',
  method: 'POST',
  path: '/battle-force-end',
  body: { confirmedCount: 12, reason: 'Exploit' },
  scope: 'all battles',
  preview: { scope: 'all battles', current: { ongoing: 12 }, diff: [] },
  reason: 'Exploit in ranked battles',
  preparedVersion: 'confirmedCount:12',
  status: 'pending',
  scheduledAt: null,
  expiresAt: '2030-01-16T09:00:00.000Z',
  requestedBy: { id: 1, email: 'a@example.com' },
  decidedBy: null,
  decisionComment: null,
  decidedAt: null,
  appliedAt: null,
  result: null,
  error: null,
  version: 1,
  createdAt: '2030-01-15T09:00:00.000Z',
};

const flagChange: ChangeRequest = {
  ...pending,
  id: 8,
  operation: 'constantVariable.update',
  method: 'PUT',
  path: '/constant-variables/3',
  scope: 'constant variable 3',
  preview: { scope: 'constant variable 3', current: { value: '10', version: 2 }, diff: [{ field: 'value', from: '10', to: '20' }] },
};

function requestsBff(items: ChangeRequest[]) {
  return fakeBff().get('/change-requests', (req) =>
    json({ items: req.query.get('view') === 'pending' ? items : [], total: items.length, page: 1, pageSize: 50 }),
  );
}

describe('change requests page', () => {
  it('lists pending requests with their preview: the count for a global operation, the diff for a record', async () => {
    const bff = requestsBff([pending, flagChange]);
    renderRemotePage(pages, { bff, url: PATH });
    const battle = await screen.findByRole('article', { name: /#7 battle.forceEndAll — all battles/ });
    expect(within(battle).getByText('Exploit in ranked battles')).toBeInTheDocument();
    expect(within(battle).getByText('ongoing')).toBeInTheDocument();
    expect(within(battle).getByText('12')).toBeInTheDocument();
    const variable = screen.getByRole('article', { name: /#8 constantVariable.update/ });
    const diff = within(variable).getByRole('table', { name: 'What it changes' });
    expect(within(diff).getAllByRole('row')[1]).toHaveTextContent(/value\s*10\s*20/);
    expect(bff.calls('GET', '/change-requests')[0]!.query.get('view')).toBe('pending');
  });

  it('approves after a confirm; a stale request shows the refusal and the new diff', async () => {
    const bff = requestsBff([flagChange]).post('/change-requests/8/approve', () =>
      apiError(409, 'change_request_stale', 'The target changed since this request was prepared', {
        current: { preview: { scope: 'constant variable 3', current: { value: '15' }, diff: [{ field: 'value', from: '15', to: '20' }] } },
      }),
    );
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    const card = await screen.findByRole('article', { name: /#8/ });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve request #8 (constant variable 3)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/The target changed/)).toBeInTheDocument();
    const newDiff = within(dialog).getByRole('table', { name: 'What it would change now' });
    expect(within(newDiff).getAllByRole('row')[1]).toHaveTextContent(/value\s*15\s*20/);
    expect(bff.calls('POST', '/change-requests/8/approve')[0]!.body).toEqual({ version: 1, comment: '' });
  });

  it('reject needs a comment; the decision is sent with the version the admin saw', async () => {
    const bff = requestsBff([pending]).post('/change-requests/7/reject', (req) =>
      json({ ...pending, status: 'rejected', decisionComment: (req.body as { comment: string }).comment, version: 2 }),
    );
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    const card = await screen.findByRole('article', { name: /#7/ });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request #7?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText(/Comment/)).toHaveAccessibleDescription(
      expect.stringContaining('Say why the request is rejected'),
    );
    expect(bff.calls('POST', '/change-requests/7/reject')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Comment/), 'Not during the event');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request #7 rejected')).toBeInTheDocument();
    expect(bff.calls('POST', '/change-requests/7/reject')[0]!.body).toEqual({ version: 1, comment: 'Not during the event' });
  });

  it("lists the points API's requests with the others and decides them through the points API", async () => {
    const pointsMaintenance: ChangeRequest = {
      ...flagChange,
      id: 11,
      service: 'points',
      operation: 'pointsMaintenance.update',
      path: '/settings/maintenance',
      scope: 'points maintenance',
      preview: { scope: 'points maintenance', current: { enabled: false }, diff: [{ field: 'enabled', from: false, to: true }] },
    };
    const bff = requestsBff([pending, pointsMaintenance]).post('/change-requests/11/approve', () =>
      json({ ...pointsMaintenance, status: 'applied', version: 2 }),
    );
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    const card = await screen.findByRole('article', { name: /#11 pointsMaintenance.update — points maintenance/ });
    expect(within(card).getByText('Points API')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /#7/ })).getByText('Console API')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Approve request #11/ });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Request #11/)).toBeInTheDocument();
    const [approval] = bff.calls('POST', '/change-requests/11/approve');
    expect(approval!.origin).toBe('http://points.test');
    expect(bff.calls('GET', '/change-requests')[0]!.origin).toBe('http://api.test');
  });

  it('in Japanese', async () => {
    renderRemotePage(pages, { bff: requestsBff([pending]), url: PATH, language: 'ja' });
    expect(await screen.findByRole('heading', { name: '変更リクエスト' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '承認' })).toBeInTheDocument();
  });
});

describe('a target page', () => {
  it('shows its pending and scheduled change requests above the form', async () => {
    const onMaintenance = {
      ...flagChange,
      id: 9,
      operation: 'maintenance.update',
      method: 'PUT',
      path: '/maintenance',
      scope: 'maintenance',
    };
    const scheduled = { ...onMaintenance, id: 10, status: 'scheduled' as const, scheduledAt: '2030-02-01T10:00:00.000Z' };
    const bff = fakeBff()
      .get('/maintenance', () =>
        json({
          enabled: false,
          message: '',
          plannedStart: null,
          plannedEnd: null,
          allowedPlayerIds: [],
          version: 1,
          updatedAt: '2030-01-01T00:00:00.000Z',
          updatedBy: null,
        }),
      )
      .get('/change-requests', (req) => {
        expect(req.query.get('path')).toBe('/maintenance');
        expect(req.query.get('service')).toBe('bff');
        const items = req.query.get('view') === 'pending' ? [onMaintenance] : [scheduled];
        return json({ items, total: 1, page: 1, pageSize: 20 });
      });
    renderRemotePage(pages, { bff, url: '/admin/maintenance' });
    expect(await screen.findByText('Change requests waiting for this page: 2')).toBeInTheDocument();
    expect(screen.getByText(/#9 by a@example.com: waiting for approval/)).toBeInTheDocument();
    expect(screen.getByText(/#10 by a@example.com: approved, applies/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Requests page' })).toHaveAttribute('href', '/admin/requests');
  });
});

describe('change requests page: the change-control mode of the environment', () => {
  const withMode = (mode: 'off' | 'confirm' | 'approve') =>
    requestsBff([]).get('/change-requests/settings', () => json({ mode, ttlHours: 48, operations: [] }));

  it('says change control is off and that nothing will wait here, above an empty queue', async () => {
    renderRemotePage(pages, { bff: withMode('off'), url: PATH });
    const note = await screen.findByRole('region', { name: /Change control in this environment: Off/ });
    expect(note).toHaveTextContent('Changes apply at once');
    expect(note).toHaveTextContent('nothing new will wait here');
    expect(await screen.findByText('No pending requests')).toBeInTheDocument();
  });

  it('says which changes wait for a second administrator when approval is on', async () => {
    renderRemotePage(pages, { bff: withMode('approve'), url: PATH });
    const note = await screen.findByRole('region', { name: /Second-admin approval/ });
    expect(note).toHaveTextContent(/apply only when a second administrator approves them/);
    expect(note).toHaveTextContent(/expire after 48 hours/);
  });

  it('says that typed confirmations leave nothing waiting here, in Japanese too', async () => {
    renderRemotePage(pages, { bff: withMode('confirm'), url: PATH, language: 'ja' });
    const note = await screen.findByRole('region', { name: /この環境の変更管理：\s*入力による確認/ });
    expect(note).toHaveTextContent('2人目の管理者を待つものはここにありません');
  });
});
