import { screen, waitFor, within } from '@testing-library/react';
import { describeResourcePages, fakeBff, json, page, renderRemotePage, type FakeBff } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { currentTerms, stakingDraft, typoDraft } from './fixtures';

/** The form asks for the current version (to diff against) beside the record. */
const withCurrent = (bff: FakeBff) =>
  bff.get('/terms-of-service', (req) =>
    json(req.query.get('status') === 'current' ? page([currentTerms]) : page([stakingDraft, typoDraft], { total: 2 })),
  );

describeResourcePages({
  pages,
  base: 'terms-of-service',
  records: [stakingDraft, typoDraft],
  sort: { header: /Effective date/, key: 'effectiveAt' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Scheduled', value: 'scheduled' },
  extraRoutes: (bff) => bff.get('/terms-of-service', (req) => json(page(req.query.get('status') === 'current' ? [currentTerms] : []))),
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Title', { exact: false }), 'New terms');
      await user.type(screen.getByLabelText('Body', { exact: false }), 'Be **kind**.');
    },
    serverError: { field: 'title', label: 'Title' },
  },
  createLabel: 'Create terms of service version',
});

describe('terms of service: domain rules', () => {
  it('shows the difference from the current version: title words and body lines added and removed', async () => {
    const bff = withCurrent(fakeBff()).get('/terms-of-service/:id', () => json(stakingDraft));
    renderRemotePage(pages, { bff, url: `/admin/terms-of-service/edit?id=${stakingDraft.id}` });
    const diff = await screen.findByRole('region', { name: 'Difference from the current version' });
    expect(await within(diff).findByText(/lines added 1, lines removed 1/)).toBeInTheDocument();
    const added = Array.from(diff.querySelectorAll('ins')).map((n) => n.textContent);
    const removed = Array.from(diff.querySelectorAll('del')).map((n) => n.textContent);
    expect(added).toEqual(expect.arrayContaining(['Added: (staking)', 'Added: Staked points are locked.\n']));
    expect(removed).toEqual(['Removed: No cheating.\n']);
  });

  it('renders the body preview as safe markdown (no raw HTML)', async () => {
    const hostile = { ...stakingDraft, body: '## Rules\n\n<img src=x onerror=alert(1)> **bold**' };
    const bff = withCurrent(fakeBff()).get('/terms-of-service/:id', () => json(hostile));
    renderRemotePage(pages, { bff, url: `/admin/terms-of-service/edit?id=${hostile.id}` });
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(preview.querySelector('img')).toBeNull();
  });

  it('shows a published version read-only, with the reason, and says it is the current one', async () => {
    const bff = withCurrent(fakeBff()).get('/terms-of-service/:id', () => json(currentTerms));
    renderRemotePage(pages, { bff, url: `/admin/terms-of-service/edit?id=${currentTerms.id}` });
    expect(await screen.findByText(/a published version is read-only/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title', { exact: false })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByText('This is the current version.')).toBeInTheDocument();
  });

  it('publishes a draft from the list after a confirm, sending the version seen; published rows offer no publish or delete', async () => {
    const published = { ...stakingDraft, status: 'scheduled' as const, publishedAt: '2025-03-03T00:00:00.000Z', version: 4 };
    const bff = fakeBff()
      .get('/terms-of-service', () => json(page([stakingDraft, currentTerms])))
      .post('/terms-of-service/:id/publish', () => json(published));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/terms-of-service' });
    await user.click(await screen.findByRole('button', { name: `Publish "${stakingDraft.title}" (#${stakingDraft.id})` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(bff.calls('POST', `/terms-of-service/${stakingDraft.id}/publish`)).toHaveLength(1));
    expect(bff.calls('POST', `/terms-of-service/${stakingDraft.id}/publish`)[0].body).toEqual({ version: stakingDraft.version });
    expect(screen.queryByRole('button', { name: new RegExp(`Publish "${currentTerms.title}"`) })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete "${currentTerms.title}"` })).toBeNull();
  });
});
