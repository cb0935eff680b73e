import { act, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { TextField } from '@phoenix/ui';
import { ApiRequestError } from '../api/ApiRequestError';
import { currentUrl, fakeBff, renderWithShell } from '../testing';
import { useResourceForm, type FormSchema } from './useResourceForm';

type Values = { name: string; note: string; version: number };
/** A hand-made FormSchema (zod schemas from @phoenix/contract fit the same shape). */
const schema: FormSchema<Values> = {
  safeParse(input) {
    const v = input as Values;
    const issues = [];
    if (!v.name.trim()) issues.push({ path: ['name'], message: 'Name is required' });
    if (v.note.length > 10) issues.push({ path: ['note'], message: 'Note is at most 10 characters' });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: { ...v, name: v.name.trim() } };
  },
};

function Form({ onSubmit, onSuccess }: { onSubmit: (v: Values) => Promise<unknown>; onSuccess?: () => void }) {
  const form = useResourceForm({ schema, initialValues: { name: 'alpha', note: '', version: 1 } as Values, onSubmit, onSuccess });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      {form.formError && <p role="alert">{form.formError}</p>}
      {form.conflict && (
        <div role="alert" aria-label="Conflict">
          <button type="button" onClick={form.conflict.reloadTheirs}>
            Reload theirs
          </button>
          <button type="button" onClick={form.conflict.keepMine}>
            Keep mine
          </button>
        </div>
      )}
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Note" {...form.field('note')} />
      <p>{`version ${form.values.version} dirty ${form.isDirty}`}</p>
      <Link to="/list">Go to the list</Link>
      <button type="submit" disabled={form.isSubmitting}>
        Save
      </button>
    </form>
  );
}

const setup = (onSubmit: (v: Values) => Promise<unknown>, onSuccess?: () => void) =>
  renderWithShell(<Form onSubmit={onSubmit} onSuccess={onSuccess} />, {
    bff: fakeBff(),
    url: '/edit',
    path: '/edit',
    routes: [{ path: '/list', element: <p>the list</p> }],
  });

describe('useResourceForm', () => {
  it('validates on the client with the schema and does not submit', async () => {
    const onSubmit = jest.fn();
    const { user } = setup(onSubmit);
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(onSubmit).not.toHaveBeenCalled();
    // Typing clears the field's message.
    await user.type(screen.getByLabelText('Name'), 'b');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('puts the server 400 fieldErrors on the fields', async () => {
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiRequestError(400, 'validation_failed', 'Some fields are invalid', { name: ['Name is already taken'], other: ['Rate limit of the thing'] }),
    );
    const { user } = setup(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is already taken'));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('correct the highlighted fields');
    expect(screen.getByRole('alert')).toHaveTextContent('Rate limit of the thing');
  });

  it('on 409 offers reload theirs (their values and version) or keep mine (my values, their version)', async () => {
    const current = { id: 1, name: 'theirs', note: 'server', version: 5, updatedAt: 'x' };
    const onSubmit = jest.fn().mockRejectedValue(new ApiRequestError(409, 'conflict', 'Version mismatch', {}, current));
    const { user } = setup(onSubmit);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await user.click(await screen.findByRole('button', { name: 'Keep mine' }));
    expect(screen.getByLabelText('Name')).toHaveValue('mine');
    expect(screen.getByText('version 5 dirty true')).toBeInTheDocument();

    onSubmit.mockResolvedValueOnce({});
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'mine', note: '', version: 5 });
  });

  it('reload theirs replaces the values and is not dirty', async () => {
    const current = { id: 1, name: 'theirs', note: 'server', version: 5 };
    const onSubmit = jest.fn().mockRejectedValue(new ApiRequestError(409, 'conflict', 'Version mismatch', {}, current));
    const { user } = setup(onSubmit);
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload theirs' }));
    expect(screen.getByLabelText('Name')).toHaveValue('theirs');
    expect(screen.getByLabelText('Note')).toHaveValue('server');
    expect(screen.getByText('version 5 dirty false')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps everything typed after a 500 or a network failure and says what happened', async () => {
    const onSubmit = jest.fn().mockRejectedValueOnce(new ApiRequestError(500, 'internal_error', 'boom'));
    const { user } = setup(onSubmit);
    await user.type(screen.getByLabelText('Note'), 'typed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed to handle this request. Try again');
    expect(screen.getByLabelText('Note')).toHaveValue('typed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    onSubmit.mockRejectedValueOnce(new ApiRequestError(0, 'network_error', 'down'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
    expect(screen.getByLabelText('Note')).toHaveValue('typed');
  });

  it('disables submit while saving', async () => {
    let finish: (v: unknown) => void = () => {};
    const onSubmit = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const { user } = setup(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    finish({});
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('asks before leaving with unsaved changes, and not after a save', async () => {
    const { user, router } = setup(jest.fn().mockResolvedValue({}), () => void router.navigate('/list'));
    await user.type(screen.getByLabelText('Note'), 'x');

    // beforeunload is cancelled while dirty.
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    await act(() => router.navigate('/list'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(currentUrl(router)).toBe('/edit');
    expect(screen.getByLabelText('Note')).toHaveValue('x');

    // Saving lets the navigation in onSuccess through without asking.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('the list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('leaves after "Discard changes"', async () => {
    const { user } = setup(jest.fn());
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(screen.getByRole('link', { name: 'Go to the list' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('the list')).toBeInTheDocument();
  });
});

type Switchable = { enabled: boolean; note: string };
const switchableSchema: FormSchema<Switchable> = {
  safeParse: (input) => ({ success: true, data: input as Switchable }),
};

function SwitchForm({ onSubmit, beforeSubmit }: { onSubmit: (v: Switchable) => Promise<unknown>; beforeSubmit: (v: Switchable) => Promise<boolean> }) {
  const form = useResourceForm({ schema: switchableSchema, initialValues: { enabled: false, note: '' }, onSubmit, beforeSubmit });
  return (
    <>
      <TextField label="Note" {...form.field('note')} />
      <button onClick={() => void form.submit({ enabled: true })}>Turn on</button>
      <p>{`enabled ${form.values.enabled} dirty ${form.isDirty}`}</p>
    </>
  );
}

describe('useResourceForm submit(overrides) and beforeSubmit', () => {
  it('sends the values with the overrides after beforeSubmit agrees; they stay only once saved', async () => {
    const onSubmit = jest.fn().mockResolvedValue({});
    const beforeSubmit = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { user } = renderWithShell(<SwitchForm onSubmit={onSubmit} beforeSubmit={beforeSubmit} />, { bff: fakeBff() });
    await user.type(screen.getByLabelText('Note'), 'n');

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(beforeSubmit).toHaveBeenCalledWith({ enabled: true, note: 'n' });
    expect(onSubmit).not.toHaveBeenCalled(); // refused: nothing sent, nothing lost
    expect(screen.getByText('enabled false dirty true')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ enabled: true, note: 'n' }));
    expect(await screen.findByText('enabled true dirty false')).toBeInTheDocument();
  });

  it('a failed save leaves the overrides out of the values', async () => {
    const onSubmit = jest.fn().mockRejectedValue(new ApiRequestError(500, 'internal_error', 'boom'));
    const { user } = renderWithShell(<SwitchForm onSubmit={onSubmit} beforeSubmit={async () => true} />, { bff: fakeBff() });
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.getByText('enabled false dirty false')).toBeInTheDocument();
  });
});
