import { screen, within } from '@testing-library/react';
import { describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { patchNotes, springEvent } from './fixtures';

describeResourcePages({
  pages,
  base: 'information',
  records: [patchNotes, springEvent],
  sort: { header: /Category/, key: 'category' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Scheduled', value: 'scheduled' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Title', { exact: false }), 'Server move');
      await user.type(screen.getByLabelText('Body', { exact: false }), 'We move on **Monday**.');
      await user.selectOptions(screen.getByLabelText('Category', { exact: false }), 'Notice');
    },
    serverError: { field: 'title', label: 'Title' },
  },
  createLabel: 'Create news item',
});

describe('news: domain rules', () => {
  const bff = () => fakeBff().get('/news', () => json(page([patchNotes, springEvent])));

  it('shows the body as plain text in the list: markdown dropped, HTML inert', async () => {
    renderRemotePage(pages, { bff: bff(), url: '/admin/information' });
    expect(await screen.findByText(/The arena no longer freezes <script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('previews the markdown safely as it is typed: no raw HTML, no javascript: links', async () => {
    const { user } = renderRemotePage(pages, { bff: bff(), url: '/admin/information?create=1' });
    const body = await screen.findByLabelText('Body', { exact: false });
    await user.click(body);
    await user.paste('## Fixes\n\n**bold** <img src=x onerror=alert(1)> [go](javascript:alert(1)) [ok](https://example.com)');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Fixes' })).toBeInTheDocument();
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(preview.querySelector('img')).toBeNull();
    expect(within(preview).getByRole('link', { name: 'ok' })).toHaveAttribute('href', 'https://example.com');
    expect(within(preview).queryByRole('link', { name: 'go' })).toBeNull();
  });
});
