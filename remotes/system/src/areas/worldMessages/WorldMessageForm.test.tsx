import { apiError, currentUrl, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor } from '@testing-library/react';
import { isoToLocalInput } from '@phoenix/ui';
import { pickDateTime } from '../common/testing';
import pages from '../../pages';
import { oldOutage, restartNotice, welcomeBanner } from './fixtures';

const LIST = '/admin/worldMessage';
const setup = (bff: ReturnType<typeof fakeBff>, url: string) => ({ bff, ...renderRemotePage(pages, { bff, url }) });

describe('world message form', () => {
  it('creates a message: end before start is refused on the client, then it is sent as ISO', async () => {
    const bff = fakeBff()
      .post('/world-messages', (req) => json({ ...restartNotice, ...(req.body as object) }, 201))
      .get('/world-messages', () => json(page([restartNotice])));
    const { user, router } = setup(bff, `${LIST}?create=1`);
    await user.type(await screen.findByLabelText('Message'), restartNotice.message);
    await user.selectOptions(screen.getByLabelText('Severity'), 'warning');
    const start = pickDateTime(screen.getByLabelText('Display start'), '2030-05-01T11:00');
    pickDateTime(screen.getByLabelText('Display end'), '2030-05-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create world message' }));
    expect(screen.getByLabelText('Display end')).toHaveAccessibleDescription('Display end must be after display start');
    expect(bff.calls('POST', '/world-messages')).toHaveLength(0);

    const end = pickDateTime(screen.getByLabelText('Display end'), '2030-05-01T12:10');
    await user.click(screen.getByRole('button', { name: 'Create world message' }));
    await waitFor(() => expect(currentUrl(router)).toBe(LIST));
    expect(bff.calls('POST', '/world-messages')[0].body).toEqual({
      message: restartNotice.message,
      severity: 'warning',
      displayStart: start,
      displayEnd: end,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Created "Servers restart');
  });

  it('requires a display end', async () => {
    const bff = fakeBff();
    const { user } = setup(bff, `${LIST}?create=1`);
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.selectOptions(screen.getByLabelText('Severity'), 'info');
    await user.click(screen.getByRole('button', { name: 'Create world message' }));
    expect(screen.getByLabelText('Display end')).toHaveAttribute('aria-invalid', 'true');
    expect(bff.requests).toHaveLength(0);
  });

  it('shows the server refusal of a past window on the field', async () => {
    const bff = fakeBff().post('/world-messages', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { displayEnd: ['Display end must be in the future'] } }),
    );
    const { user } = setup(bff, `${LIST}?create=1`);
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.selectOptions(screen.getByLabelText('Severity'), 'info');
    pickDateTime(screen.getByLabelText('Display end'), '2099-01-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Create world message' }));
    await waitFor(() => expect(screen.getByLabelText('Display end')).toHaveAccessibleDescription('Display end must be in the future'));
  });

  it('edits a scheduled message with its version', async () => {
    const bff = fakeBff()
      .get('/world-messages/:id', () => json(restartNotice))
      .put('/world-messages/:id', (req) => json({ ...restartNotice, ...(req.body as object), version: 3 }))
      .get('/world-messages', () => json(page([restartNotice])));
    const { user, router } = setup(bff, `${LIST}?state=scheduled&edit=5`);
    const message = await screen.findByLabelText('Message');
    expect(message).toHaveValue(restartNotice.message);
    expect(screen.getByLabelText('Display end')).toHaveValue(isoToLocalInput(restartNotice.displayEnd));
    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${LIST}?state=scheduled`));
    expect(bff.calls('PUT', '/world-messages/5')[0].body).toEqual({
      message: restartNotice.message,
      severity: 'critical',
      displayStart: restartNotice.displayStart,
      displayEnd: restartNotice.displayEnd,
      version: 2,
    });
  });

  it('a showing message: only its text is editable, the rest read-only with the reason; sent unchanged', async () => {
    const bff = fakeBff()
      .get('/world-messages/:id', () => json(welcomeBanner))
      .put('/world-messages/:id', (req) => json({ ...welcomeBanner, ...(req.body as object), version: 2 }))
      .get('/world-messages', () => json(page([welcomeBanner])));
    const { user, router } = setup(bff, `${LIST}?edit=6`);
    const message = await screen.findByLabelText('Message');
    expect(screen.getByText(/This message is showing: players have already seen its severity and display window/)).toBeInTheDocument();
    expect(message).toBeEnabled();
    for (const label of ['Severity', 'Display start', 'Display end']) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByLabelText('Display end')).toHaveValue(isoToLocalInput(welcomeBanner.displayEnd));
    await user.clear(message);
    await user.type(message, 'Welcome to season 5!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(LIST));
    expect(bff.calls('PUT', '/world-messages/6')[0].body).toEqual({
      message: 'Welcome to season 5!',
      severity: welcomeBanner.severity,
      displayStart: welcomeBanner.displayStart,
      displayEnd: welcomeBanner.displayEnd,
      version: 1,
    });
  });

  it('a showing message: the server refusing a locked field shows on that field', async () => {
    const bff = fakeBff()
      .get('/world-messages/:id', () => json(welcomeBanner))
      .put('/world-messages/:id', () =>
        apiError(400, 'validation_failed', 'Some fields are invalid', {
          fieldErrors: { displayStart: ['Cannot change once the message is showing: only its text can be edited'] },
        }),
      );
    const { user } = setup(bff, `${LIST}?edit=6`);
    await user.type(await screen.findByLabelText('Message'), ' Now.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Display start')).toHaveAccessibleDescription(
        expect.stringContaining('Cannot change once the message is showing: only its text can be edited'),
      ),
    );
  });

  it('does not offer to edit an ended message', async () => {
    setup(
      fakeBff().get('/world-messages/:id', () => json(oldOutage)),
      `${LIST}?edit=7`,
    );
    expect(await screen.findByText('This message is ended: only a scheduled or showing message can be edited.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeDisabled();
    expect(screen.getByLabelText('Message')).toHaveValue('Login issues <b>fixed</b>');
    expect(document.querySelector('form b')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
