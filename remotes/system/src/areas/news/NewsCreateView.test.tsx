import { apiError, currentUrl, fakeBff, json, page, renderWithShell } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { pickDateTime } from '../common/testing';
import InformationPage from './InformationPage';
import { springEvent } from './fixtures';

const LIST = '/admin/information';
const setup = (bff: ReturnType<typeof fakeBff>) => ({ bff, ...renderWithShell(<InformationPage />, { bff, url: `${LIST}?status=scheduled&create=1`, path: LIST }) });

describe('information create', () => {
  it('previews the markdown live, HTML as text', async () => {
    const { user } = setup(fakeBff());
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Type a title and a body');
    await user.type(screen.getByLabelText('Title'), 'Spring event');
    await user.click(screen.getByLabelText('Body'));
    await user.paste('## Rewards\n- **Double** XP\n\n<img src=x onerror=alert(1)>');
    expect(within(preview).getByText('Spring event')).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { name: 'Rewards' })).toBeInTheDocument();
    expect(within(preview).getByRole('listitem')).toHaveTextContent('Double XP');
    expect(within(preview).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(preview.querySelector('img, script')).toBeNull();
  });

  it('refuses a publish end before the start, then creates and goes back to the filtered list', async () => {
    const bff = fakeBff()
      .post('/news', (req) => json({ ...springEvent, ...(req.body as object) }, 201))
      .get('/news', () => json(page([springEvent])));
    const { user, router } = setup(bff);
    await user.type(screen.getByLabelText('Title'), 'Spring event');
    await user.type(screen.getByLabelText('Body'), 'Double XP all weekend.');
    await user.selectOptions(screen.getByLabelText('Category'), 'event');
    const start = pickDateTime(screen.getByLabelText('Publish start'), '2030-04-01T09:00');
    pickDateTime(screen.getByLabelText('Publish end'), '2030-04-01T08:00');
    await user.click(screen.getByRole('button', { name: 'Create news' }));

    expect(screen.getByLabelText('Publish end')).toHaveAccessibleDescription(expect.stringContaining('Publish end must be after publish start'));
    expect(screen.getByRole('alert')).toHaveTextContent('correct the highlighted fields');
    expect(bff.calls('POST', '/news')).toHaveLength(0);

    const end = pickDateTime(screen.getByLabelText('Publish end'), '2030-04-03T09:00');
    await user.click(screen.getByLabelText('Pinned'));
    await user.click(screen.getByRole('button', { name: 'Create news' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${LIST}?status=scheduled`));
    expect(bff.calls('POST', '/news')[0].body).toEqual({
      title: 'Spring event',
      body: 'Double XP all weekend.',
      category: 'event',
      publishStart: start,
      publishEnd: end,
      pinned: true,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Created "Spring event".');
  });

  it('says which fields are missing', async () => {
    const bff = fakeBff();
    const { user } = setup(bff);
    await user.click(screen.getByRole('button', { name: 'Create news' }));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText('Body')).toHaveAccessibleDescription(expect.stringContaining('Body is required'));
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Pick a category');
    expect(bff.requests).toHaveLength(0);
  });

  it('shows the server 400 field errors on the fields, keeping what was typed', async () => {
    const bff = fakeBff().post('/news', () => apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { publishEnd: ['Publish end must be after publish start'] } }));
    const { user } = setup(bff);
    await user.type(screen.getByLabelText('Title'), 'Spring event');
    await user.type(screen.getByLabelText('Body'), 'Body');
    await user.selectOptions(screen.getByLabelText('Category'), 'event');
    await user.click(screen.getByRole('button', { name: 'Create news' }));
    await waitFor(() => expect(screen.getByLabelText('Publish end')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Publish end')).toHaveAccessibleDescription(expect.stringContaining('Publish end must be after publish start'));
    expect(screen.getByLabelText('Title')).toHaveValue('Spring event');
  });

  it('asks before dropping unsaved changes on Cancel', async () => {
    const { user, router } = setup(fakeBff().get('/news', () => json(page([]))));
    await user.type(screen.getByLabelText('Title'), 'Half written');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Half written');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${LIST}?status=scheduled`));
  });
});
