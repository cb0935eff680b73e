import { remoteRoutesDeclarationSchema } from '@phoenix/contract';
import pages from './pages';
import routes from './routes';

// What the host reads (routes.json, emitted by the build from routes.ts) and what this remote runs agree.
const { readRoutesDeclaration } = require('@phoenix/build/routes.cjs') as { readRoutesDeclaration: (srcDir: string) => unknown };

describe('battle remote pages', () => {
  it('has a page for every path its routes declare (redirects aside), and no other', () => {
    const served = routes.routes.filter((r) => !r.redirectTo).map((r) => r.path);
    expect(Object.keys(pages).sort()).toEqual(served.sort());
  });

  it('declares valid routes as plain data, which its build reads as they are', () => {
    expect(remoteRoutesDeclarationSchema.parse(routes)).toEqual(routes);
    expect(routes.remote).toBe('battle');
    expect(readRoutesDeclaration(__dirname)).toEqual(routes);
  });
});
