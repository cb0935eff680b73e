import { remoteRoutesDeclarationSchema, remoteRoutesManifestSchema } from '@phoenix/contract';
import { expectRouteHeadings } from '@phoenix/shell/src/testing';
import pages from './pages';
import routes from './routes';

// What the host reads (routes.json, emitted by the build from routes.ts) and what this remote runs agree.
const { readRoutesDeclaration, routesManifest } = require('@phoenix/build/routes.cjs') as {
  readRoutesDeclaration: (srcDir: string) => unknown;
  routesManifest: (srcDir: string, shellContract: string) => unknown;
};

describe('present remote pages', () => {
  it('has a page for every path its routes declare (redirects aside), and no other', () => {
    const served = routes.routes.filter((r) => !r.redirectTo).map((r) => r.path);
    expect(Object.keys(pages).sort()).toEqual(served.sort());
  });

  it('declares valid routes as plain data, which its build reads as they are', () => {
    expect(remoteRoutesDeclarationSchema.parse(routes)).toEqual(routes);
    expect(routes.remote).toBe('present');
    expect(readRoutesDeclaration(__dirname)).toEqual(routes);
  });

  it('heads each list page, as the host paints it while loading, with what the page renders', async () => {
    const manifest = remoteRoutesManifestSchema.parse(routesManifest(__dirname, '^1.0.0'));
    expect(await expectRouteHeadings(pages, manifest.routes)).toBeGreaterThan(0);
  });
});
