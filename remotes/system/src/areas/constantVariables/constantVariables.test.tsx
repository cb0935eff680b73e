import { screen, waitFor, within } from '@testing-library/react';
import { describeResourcePages, fakeBff, json, page, renderRemotePage, renderWithShell } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { maxTurns, motd } from './fixtures';

describeResourcePages({
  pages,
  base: 'constantVariables',
  records: [maxTurns, motd],
  sort: { header: /Type/, key: 'type' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Key', { exact: false }), 'battle.maxRounds');
      await user.type(screen.getByLabelText('Value'), '12');
    },
    serverError: { field: 'key', label: 'Key' },
  },
  createLabel: 'Create constant variable',
});

const render = (url: string, bff = fakeBff().get('/constant-variables', () => json(page([maxTurns, motd])))) => {
  const routes = Object.entries(pages).map(([path, Page]) => ({ path: `/admin/${path}`, element: <Page /> }));
  return { bff, ...renderWithShell(<p />, { bff, url, path: '/x', routes }) };
};

describe('constant variables: domain rules', () => {
  it('speaks Japanese in the shared frames too, nouns included', async () => {
    const bff = fakeBff().get('/constant-variables', () => json(page([maxTurns])));
    renderRemotePage(pages, { bff, url: '/admin/constantVariables', language: 'ja' });
    expect(await screen.findByRole('link', { name: '定数を作成' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'battle.maxTurns を削除' })).toBeInTheDocument();
  });

  it('shows values as text, never as HTML', async () => {
    render('/admin/constantVariables');
    expect(await screen.findByText('{"text":"<script>alert(1)</script>"}')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('checks the value against its type before sending, as the server does', async () => {
    const { user, bff } = render('/admin/constantVariables/create');
    await user.type(await screen.findByLabelText('Key', { exact: false }), 'battle.maxRounds');
    await user.selectOptions(screen.getByLabelText('Type', { exact: false }), 'Number');
    await user.type(screen.getByLabelText('Value'), 'twelve');
    await user.click(screen.getByRole('button', { name: 'Create constant variable' }));
    expect(await screen.findByText('Enter a number')).toBeInTheDocument();
    expect(bff.calls('POST', '/constant-variables')).toHaveLength(0);
    // Nothing typed is lost.
    expect(screen.getByLabelText('Key', { exact: false })).toHaveValue('battle.maxRounds');
    expect(screen.getByLabelText('Value')).toHaveValue('twelve');
  });

  it('offers true / false for a boolean and sends the typed record', async () => {
    const bff = fakeBff()
      .get('/constant-variables', () => json(page([])))
      .post('/constant-variables', (req) => json({ ...maxTurns, ...(req.body as object) }, 201));
    const { user } = render('/admin/constantVariables/create', bff);
    await user.type(await screen.findByLabelText('Key', { exact: false }), 'shop.open');
    await user.selectOptions(screen.getByLabelText('Type', { exact: false }), 'Boolean');
    await user.selectOptions(screen.getByLabelText('Value'), 'true');
    await user.click(screen.getByRole('button', { name: 'Create constant variable' }));
    await waitFor(() => expect(bff.calls('POST', '/constant-variables')).toHaveLength(1));
    expect(bff.calls('POST', '/constant-variables')[0].body).toEqual({ key: 'shop.open', type: 'boolean', value: 'true', description: '' });
  });
});

describe('record history (the shared History dialog of every list row and record page)', () => {
  const log = (id: number, extra: object) => ({
    id,
    adminId: 1,
    adminEmail: 'admin@phoenix.local',
    action: 'constantVariable.update',
    targetType: 'constantVariable',
    targetId: String(maxTurns.id),
    before: { value: '10' },
    after: { value: '12' },
    createdAt: '2030-01-15T09:00:00.000Z',
    ...extra,
  });
  const withLogs = () =>
    fakeBff()
      .get('/constant-variables', () => json(page([maxTurns, motd])))
      .get('/action-logs', () =>
        json(page([log(2, { after: { value: '<b>12</b>' } }), log(1, { targetId: null, action: 'constantVariable.bulk' })])),
      );

  it("opens a row's action-log entries by target, each with its before/after diff as text", async () => {
    const bff = withLogs();
    const { user } = render('/admin/constantVariables', bff);
    await user.click(await screen.findByRole('button', { name: `History of ${maxTurns.key}` }));
    const dialog = await screen.findByRole('dialog', { name: `History of ${maxTurns.key}` });
    expect(await within(dialog).findByText('constantVariable.bulk')).toBeInTheDocument();
    expect(within(dialog).getByText(/\(bulk operation\)/)).toBeInTheDocument();
    const diff = within(dialog).getByRole('table', { name: /Entry #2: before → after/ });
    expect(diff).toHaveTextContent('<b>12</b>');
    expect(dialog.querySelector('b')).toBeNull();
    const [request] = bff.calls('GET', '/action-logs');
    expect(request.query.get('target')).toBe(`constantVariable:${maxTurns.id}`);
  });

  it('speaks Japanese', async () => {
    const { user } = renderRemotePage(pages, { bff: withLogs(), url: '/admin/constantVariables', language: 'ja' });
    await user.click(await screen.findByRole('button', { name: `${maxTurns.key} の履歴` }));
    expect(await screen.findByRole('dialog', { name: `${maxTurns.key} の履歴` })).toBeInTheDocument();
    expect(await screen.findByText(/（一括操作）/)).toBeInTheDocument();
  });
});

describe('errors in Japanese', () => {
  it("shows the form's own and the server's field errors in the console's language, no English left", async () => {
    const bff = fakeBff()
      .get('/constant-variables', () => json(page([])))
      .post('/constant-variables', () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are invalid',
              fieldErrors: { key: ['Key starts with a letter and holds letters, digits, _ . -'] },
            },
          },
          400,
        ),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/constantVariables/create', language: 'ja' });
    const form = await screen.findByRole('form');
    await user.selectOptions(within(form).getByLabelText(/^型/), 'number');
    await user.type(within(form).getByLabelText(/^値/), 'twelve');
    await user.click(within(form).getByRole('button', { name: /作成/ }));
    expect(await within(form).findByText('キーを入力してください')).toBeInTheDocument();
    expect(within(form).getByText('数値を入力してください')).toBeInTheDocument();
    expect(within(form).queryByText(/Key is required|Enter a number/)).toBeNull();

    await user.type(within(form).getByLabelText(/^キー/), '9bad');
    await user.clear(within(form).getByLabelText(/^値/));
    await user.type(within(form).getByLabelText(/^値/), '12');
    await user.click(within(form).getByRole('button', { name: /作成/ }));
    expect(await within(form).findByText('キーは英字で始まり、英数字と _ . - のみ使えます')).toBeInTheDocument();
    expect(form).not.toHaveTextContent(/Some fields are invalid|Key starts with/);
  });
});
