import { fakeBff, renderWithShell } from '@phoenix/shell/src/testing';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import pages from './pages';

describe('system remote pages', () => {
  it('exposes every system route under /admin', () => {
    expect(Object.keys(pages).sort()).toEqual(
      ['activeFlag', 'constantVariables', 'constantVariables/create', 'constantVariables/edit', 'information', 'logs', 'maintenance', 'worldMessage'].sort(),
    );
  });

  it.each([
    ['maintenance', 'Maintenance status'],
    ['activeFlag', 'Active flags'],
  ])('%s says it is not available yet', async (path, title) => {
    const Page = pages[path];
    renderWithShell(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
      { bff: fakeBff() },
    );
    expect(await screen.findByText(`${title}: not available yet`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
