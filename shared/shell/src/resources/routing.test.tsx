import { screen } from '@testing-library/react';
import { fakeBff } from '../testing/fakeBff';
import { renderRemotePage } from '../testing/resourcePagesContract';
import { resourcePages, type ResourcePageComponent } from './routing';

describe('resourcePages', () => {
  it('renders a preloaded page at once, without suspending (no fallback for code already in)', async () => {
    const pages = resourcePages({ base: 'things', shape: 'subViews', list: async () => ({ default: () => <h1>Things</h1> }) });
    await (pages.things as ResourcePageComponent).preload!();
    renderRemotePage(pages, { bff: fakeBff(), url: '/admin/things' });
    expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
  });

  it('still loads a page that was not preloaded', async () => {
    const pages = resourcePages({ base: 'things', shape: 'routes', list: async () => ({ default: () => <h1>Things</h1> }) });
    renderRemotePage(pages, { bff: fakeBff(), url: '/admin/things' });
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
  });
});
