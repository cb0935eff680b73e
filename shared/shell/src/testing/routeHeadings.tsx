import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import type { RemoteManifestRoute } from '@phoenix/contract';
import type { ResourcePageComponent } from '../resources/routing';
import { fakeBff } from './fakeBff';
import { renderRemotePage } from './resourcePagesContract';

/**
 * Every route of routes.json that carries a heading (its `area`'s title and description, which the
 * host paints while the remote loads) is a page of that area whose h1 and sentence are exactly those:
 * otherwise the heading would change under the admin's eyes once the page arrives.
 */
export async function expectRouteHeadings(pages: Record<string, ComponentType>, routes: readonly RemoteManifestRoute[]) {
  const headed = routes.filter((route) => route.heading);
  for (const route of headed) {
    expect({ path: route.path, area: (pages[route.path] as ResourcePageComponent | undefined)?.area?.name }).toEqual({
      path: route.path,
      area: route.area,
    });
    const { unmount } = renderRemotePage(pages, { bff: fakeBff(), url: `/admin/${route.path}` });
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(`${route.path}: ${h1.textContent}`).toBe(`${route.path}: ${route.heading!.title.en}`);
    if (route.heading!.description) expect(h1.parentElement).toHaveTextContent(route.heading!.description.en);
    unmount();
  }
  return headed.length;
}
