import { screen } from '@testing-library/react';
import { fakeBff } from '../testing/fakeBff';
import { renderRemotePage } from '../testing/resourcePagesContract';
import { resourcePages, useResourceLinks, type ResourcePageComponent, type RoutingShape } from './routing';

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

describe('useResourceLinks on form paths', () => {
  /** What the links say on a URL, as text: mode, id, and where create goes. */
  function Probe() {
    const links = useResourceLinks();
    return <p>{`${links.mode} ${links.id} ${links.create} ${links.edit(7)}`}</p>;
  }
  const linksAt = async (shape: RoutingShape, url: string) => {
    const pages = resourcePages({ base: 'things', shape, list: async () => ({ default: Probe }), form: async () => ({ default: Probe }) });
    const { unmount } = renderRemotePage(pages, { bff: fakeBff(), url });
    const text = (await screen.findByText(/^(list|create|edit) /)).textContent;
    unmount();
    return text;
  };

  it("'routes': x, x/create and x/edit?id=", async () => {
    expect(await linksAt('routes', '/admin/things')).toBe('list null /admin/things/create /admin/things/edit?id=7');
    expect(await linksAt('routes', '/admin/things/create')).toBe('create null /admin/things/create /admin/things/edit?id=7');
    expect(await linksAt('routes', '/admin/things/edit?id=42')).toBe('edit 42 /admin/things/create /admin/things/edit?id=7');
    expect(await linksAt('routes', '/admin/things/edit?id=x')).toBe('edit null /admin/things/create /admin/things/edit?id=7');
  });

  it("'editRoute': x, and x/edit creating without an id", async () => {
    expect(await linksAt('editRoute', '/admin/things')).toBe('list null /admin/things/edit /admin/things/edit?id=7');
    expect(await linksAt('editRoute', '/admin/things/edit')).toBe('create null /admin/things/edit /admin/things/edit?id=7');
    expect(await linksAt('editRoute', '/admin/things/edit?id=42')).toBe('edit 42 /admin/things/edit /admin/things/edit?id=7');
  });
});
