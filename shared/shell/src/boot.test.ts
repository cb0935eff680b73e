import path from 'node:path';
import { staticImportGraph } from './testing/staticImports';

const src = __dirname;
const relative = (file: string) => path.relative(src, file);

describe("the shell's boot entry (what the host's first paint imports)", () => {
  const graph = staticImportGraph(path.join(src, 'boot.ts'));

  it('leaves the API client, forms, resources, modals and data hooks to the whole module', () => {
    const files = [...graph.files].map(relative);
    expect(files).toContain('core/store.ts');
    expect(files).toContain('auth/authSession.ts');
    for (const heavy of ['api/client.ts', 'auth/authClient.ts', 'resources/routing.tsx', 'modals/index.ts', 'data/index.ts', 'index.ts'])
      expect(files).not.toContain(heavy);
    expect(files.filter((file) => /^(modals|data|toasts)\//.test(file))).toEqual([]);
  });

  it('imports none of their libraries', () => {
    expect([...graph.packages]).toEqual(expect.arrayContaining(['jotai', '@tanstack/react-query', 'i18next']));
    for (const library of ['ky', 'react-hook-form', '@hookform/resolvers', '@phoenix/shell', 'markdown-to-jsx'])
      expect([...graph.packages].filter((name) => name === library || name.startsWith(`${library}/`))).toEqual([]);
  });

  it("takes the kit's boot entry by path, not the whole kit", () => {
    expect(graph.packages).toContain('@phoenix/ui/src/boot');
    expect(graph.packages).not.toContain('@phoenix/ui');
  });

  it('takes from the contract only its roles, by path (its ~200 schemas load after the paint)', () => {
    expect([...graph.packages].filter((name) => name.startsWith('@phoenix/contract'))).toEqual(['@phoenix/contract/src/roles']);
  });
});
