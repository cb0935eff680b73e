import { renderApp, storeSession } from '../testing/renderApp';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

jest.mock('../federation/RemotePage', () => require('../testing/RemotePageMock'));

// Every sidebar link (and the layout's title) reads its label through useLabel: counting its calls
// counts their renders.
let labelCalls = 0;
jest.mock('./hostI18n', () => {
  const actual = jest.requireActual('./hostI18n');
  return {
    ...actual,
    useLabel: () => {
      labelCalls++;
      return actual.useLabel();
    },
  };
});

test('opening a page re-renders the sidebar entries whose state changed, not all 31 links', async () => {
  window.localStorage.clear();
  storeSession();
  const app = await renderApp('/admin');
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  const links = nav.querySelectorAll('a').length;
  expect(links).toBeGreaterThan(20);
  labelCalls = 0;
  await userEvent.click(screen.getByRole('link', { name: /Action Log Management/ }));
  await screen.findByRole('link', { name: /Action Log Management/, current: 'page' });
  // The layout's title, the sidebar, the link that became current: a few calls per commit.
  expect(labelCalls).toBeLessThan(links / 2);
  app.restoreFetch();
});
