import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { remoteRoutesManifestSchema, type RemoteAreasDeclaration, type RemoteManifestRoute, type RemoteName } from '@phoenix/contract';
import type { ResourcePageComponent } from '../resources/routing';
import { fakeBff } from './fakeBff';
import { renderRemotePage } from './resourcePagesContract';

interface BuildRoutes {
  readAreasDeclaration: (srcDir: string) => unknown;
  routesManifest: (srcDir: string, shellContract: string) => unknown;
}

/**
 * A remote's pages.ts against its areas.ts, as its build reads them (routes.json) and the host uses
 * them: one page per path served, the declaration plain data, and each heading the one its page
 * renders. `srcDir`: the remote's src/ (its build, @phoenix/build, is resolved from there).
 */
export function describeRemotePages(
  remote: RemoteName,
  { pages, areas, srcDir }: { pages: Record<string, ComponentType>; areas: RemoteAreasDeclaration; srcDir: string },
) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const build = require(require.resolve('@phoenix/build/routes.cjs', { paths: [srcDir] })) as BuildRoutes;

  describe(`${remote} remote pages`, () => {
    const manifest = () => remoteRoutesManifestSchema.parse(build.routesManifest(srcDir, '^1.0.0'));

    it('declares its areas as plain data, which its build reads as they are, and serves every path routes.json has', () => {
      expect(areas.remote).toBe(remote);
      expect(build.readAreasDeclaration(srcDir)).toEqual(areas);
      const served = manifest()
        .routes.filter((r) => !r.redirectTo)
        .map((r) => r.path);
      expect(Object.keys(pages).sort()).toEqual(served.sort());
    });

    it('heads each list page, as the host paints it while loading, with what the page renders', async () => {
      expect(await expectRouteHeadings(pages, manifest().routes)).toBeGreaterThan(0);
    });
  });
}

/**
 * Every route of routes.json that carries a heading (its `area`'s title and description, which the
 * host paints while the remote loads) is a page of that area whose h1 and sentence are exactly those:
 * otherwise the heading would change under the admin's eyes once the page arrives.
 */
async function expectRouteHeadings(pages: Record<string, ComponentType>, routes: readonly RemoteManifestRoute[]) {
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
