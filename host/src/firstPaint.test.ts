import path from 'node:path';
import { staticImportGraph } from '@phoenix/shell/src/testing/staticImports';

describe("the console's first paint", () => {
  const graph = staticImportGraph(path.join(__dirname, 'bootstrap.tsx'));
  const files = [...graph.files].map((file) => path.relative(__dirname, file));

  it("imports the shell's boot entry, not its whole module (loaded after the paint, before any remote)", () => {
    expect(graph.packages).toContain('@phoenix/shell/src/boot');
    expect(graph.packages).not.toContain('@phoenix/shell');
    expect(files).toEqual(expect.arrayContaining(['App.tsx', 'layout/MainLayout.tsx', 'layout/Navbar.tsx', 'routes/routeTable.ts']));
  });

  it('takes from the contract only the schemas of /config.json and routes.json, by path, not its whole module', () => {
    expect([...graph.packages].filter((name) => name.startsWith('@phoenix/contract')).sort()).toEqual([
      '@phoenix/contract/src/config',
      '@phoenix/contract/src/remoteRoutes',
    ]);
  });

  it("takes the kit's boot entry by path, whose contract part is the address helper and which leaves tables, fields, modals and markdown to the whole kit", () => {
    expect(graph.packages).toContain('@phoenix/ui/src/boot');
    expect(graph.packages).not.toContain('@phoenix/ui');
    const kit = staticImportGraph(path.join(__dirname, '../../shared/ui/src/boot.ts'));
    const kitFiles = [...kit.files].map((file) => path.basename(file));
    expect(kitFiles).toEqual(expect.arrayContaining(['theme.ts', 'layout.tsx', 'i18n.ts']));
    for (const later of ['index.ts', 'DataTable.tsx', 'fields.tsx', 'Modal.tsx', 'Markdown.tsx', 'JsonDiff.tsx'])
      expect(kitFiles).not.toContain(later);
    expect(kit.packages).not.toContain('markdown-to-jsx');
    expect([...kit.packages].filter((name) => name.startsWith('@phoenix/contract'))).toEqual(['@phoenix/contract/src/wallet']);
  });

  it('leaves the remotes, the dashboard, the search dialog, the requests badge and the overlays to lazy chunks', () => {
    for (const later of [
      'federation/remotes.ts',
      'federation/RemotePage.tsx',
      'dashboard/Dashboard.tsx',
      'search/FindDialog.tsx',
      'layout/RequestsBadge.tsx',
    ])
      expect(files).not.toContain(later);
  });
});
