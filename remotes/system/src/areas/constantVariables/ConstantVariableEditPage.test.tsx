import { apiError, currentUrl, fakeBff, json, NETWORK_ERROR, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import ConstantVariableEditPage from './ConstantVariableEditPage';
import { maxTurns } from './fixtures';

const EDIT = '/admin/constantVariables/edit';
const setup = (bff: ReturnType<typeof fakeBff>, url = `${EDIT}?id=7`) => ({
  bff,
  ...renderWithShell(<ConstantVariableEditPage />, {
    bff,
    url,
    path: EDIT,
    routes: [{ path: '/admin/constantVariables', element: <p>the list</p> }],
  }),
});
const withRecord = () => fakeBff().get('/constant-variables/:id', (req) => (req.params.id === '7' ? json(maxTurns) : apiError(404, 'not_found', 'Not found')));

describe('constant variable edit page', () => {
  it('loads the record named by ?id and saves it with its version, then goes back to the list', async () => {
    const bff = withRecord()
      .put('/constant-variables/:id', (req) => json({ ...maxTurns, ...(req.body as object), version: 4 }))
      .get('/constant-variables', () => json(page([])));
    const { user, router } = setup(bff);
    const value = await screen.findByLabelText('Value');
    expect(screen.getByLabelText('Key')).toHaveValue('battle.maxTurns');
    expect(screen.getByLabelText('Type')).toHaveValue('number');
    await user.clear(value);
    await user.type(value, '40');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/admin/constantVariables'));
    expect(bff.calls('PUT', '/constant-variables/7')[0].body).toEqual({
      key: 'battle.maxTurns',
      type: 'number',
      value: '40',
      description: 'Turns before a battle is a draw',
      version: 3,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved battle.maxTurns.');
    expect(screen.queryByRole('alertdialog')).toBeNull(); // saved: no "discard changes?"
  });

  it('validates with the contract schema before sending', async () => {
    const bff = withRecord();
    const { user } = setup(bff);
    const value = await screen.findByLabelText('Value');
    await user.clear(value);
    await user.type(value, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Value')).toHaveAccessibleDescription(expect.stringContaining('Enter a number'));
    expect(bff.calls('PUT', '/constant-variables/7')).toHaveLength(0);
  });

  it('shows the server 400 field errors on the fields', async () => {
    const bff = withRecord().put('/constant-variables/:id', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { key: ['Key already exists'] } }),
    );
    const { user } = setup(bff);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Key')).toHaveAccessibleDescription(expect.stringContaining('Key already exists')));
    expect(screen.getByLabelText('Key')).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a 409 shows the conflict; "Keep mine" saves again over their version', async () => {
    const theirs = { ...maxTurns, value: '99', version: 4, updatedBy: 'rival@example.com' };
    let puts = 0;
    const bff = withRecord()
      .put('/constant-variables/:id', (req) => (++puts === 1 ? apiError(409, 'conflict', 'Version mismatch', { current: theirs }) : json({ ...theirs, ...(req.body as object), version: 5 })))
      .get('/constant-variables', () => json(page([])));
    const { user, router } = setup(bff);
    const value = await screen.findByLabelText('Value');
    await user.clear(value);
    await user.type(value, '45');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByRole('alert', { name: 'Edit conflict' });
    expect(conflict).toHaveTextContent('Someone else saved this variable');
    expect(conflict).toHaveTextContent('rival@example.com');
    expect(conflict).toHaveTextContent('battle.maxTurns (number) = 99');
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    expect(screen.getByLabelText('Value')).toHaveValue('45');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/constantVariables'));
    expect(bff.calls('PUT', '/constant-variables/7')[1].body).toMatchObject({ value: '45', version: 4 });
  });

  it('on a 409 "Reload their version" shows their values', async () => {
    const theirs = { ...maxTurns, value: '99', description: 'changed by a rival', version: 4 };
    const bff = withRecord().put('/constant-variables/:id', () => apiError(409, 'conflict', 'Version mismatch', { current: theirs }));
    const { user } = setup(bff);
    const value = await screen.findByLabelText('Value');
    await user.clear(value);
    await user.type(value, '45');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: 'Reload their version' }));
    expect(screen.getByLabelText('Value')).toHaveValue('99');
    expect(screen.getByLabelText('Description')).toHaveValue('changed by a rival');
    expect(screen.queryByRole('alert', { name: 'Edit conflict' })).toBeNull();
  });

  it('keeps what was typed when the save fails (500, network)', async () => {
    let reply = apiError(500, 'internal_error', 'boom');
    const bff = withRecord().put('/constant-variables/:id', () => reply);
    const { user } = setup(bff);
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'careful: hot value');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed to handle this request');
    expect(screen.getByLabelText('Description')).toHaveValue('careful: hot value');

    reply = NETWORK_ERROR;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not be reached'));
    expect(screen.getByLabelText('Description')).toHaveValue('careful: hot value');
  });

  it('shows a not-found state for a missing or unknown id', async () => {
    setup(withRecord(), EDIT);
    expect(await screen.findByText('Constant variable not found')).toBeInTheDocument();
    expect(screen.getByText(/no valid variable id/)).toBeInTheDocument();
  });

  it('shows a not-found state when the server says 404', async () => {
    setup(withRecord(), `${EDIT}?id=12`);
    expect(await screen.findByText('There is no constant variable 12. It may have been deleted.')).toBeInTheDocument();
  });
});
