import { currentUrl, fakeBff, json, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor } from '@testing-library/react';
import ConstantVariableCreatePage from './ConstantVariableCreatePage';
import { motd } from './fixtures';

describe('constant variable create page', () => {
  it('creates a JSON variable (textarea for json) and returns to the list', async () => {
    const bff = fakeBff()
      .post('/constant-variables', (req) => json({ ...motd, ...(req.body as object) }, 201))
      .get('/constant-variables', () => json(page([])));
    const { user, router } = renderWithShell(<ConstantVariableCreatePage />, {
      bff,
      url: '/admin/constantVariables/create',
      path: '/admin/constantVariables/create',
      routes: [{ path: '/admin/constantVariables', element: <p>the list</p> }],
    });
    await user.type(screen.getByLabelText('Key'), 'lobby.motd');
    await user.selectOptions(screen.getByLabelText('Type'), 'json');
    const value = screen.getByLabelText('Value');
    expect(value.tagName).toBe('TEXTAREA');
    await user.click(value);
    await user.paste('{"text":"hi"');
    await user.click(screen.getByRole('button', { name: 'Create variable' }));
    expect(screen.getByLabelText('Value')).toHaveAccessibleDescription(expect.stringContaining('Enter valid JSON'));

    await user.type(screen.getByLabelText('Value'), '}');
    await user.click(screen.getByRole('button', { name: 'Create variable' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/constantVariables'));
    expect(bff.calls('POST', '/constant-variables')[0].body).toEqual({ key: 'lobby.motd', type: 'json', value: '{"text":"hi"}', description: '' });
    expect(await screen.findByRole('status')).toHaveTextContent('Created lobby.motd.');
  });
});
