import { act, render, screen } from '@testing-library/react';
import { Outlet, createMemoryRouter } from 'react-router-dom';
import { ConsoleRouter } from './ConsoleRouter';

// What the router is told: `useTransitions` undefined renders its updates as transitions (time-sliced),
// false renders them at once.
const given: (boolean | undefined)[] = [];
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
  return {
    ...actual,
    RouterProvider: (props: Parameters<typeof actual.RouterProvider>[0]) => {
      given.push(props.useTransitions);
      return <actual.RouterProvider {...props} />;
    },
  };
});

test('while the first page loads, the router renders in transitions; once it is in, navigations render at once', async () => {
  let loaded!: () => void;
  const firstLoader = new Promise<null>((resolve) => (loaded = () => resolve(null)));
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        children: [
          { path: '/first', loader: () => firstLoader, element: <h1>First page</h1>, HydrateFallback: () => <p>Starting</p> },
          { path: '/second', loader: () => null, element: <h1>Second page</h1> },
        ],
      },
    ],
    { initialEntries: ['/first'] },
  );
  render(<ConsoleRouter router={router} />);
  expect(screen.getByText('Starting')).toBeInTheDocument();
  expect(given).toEqual([undefined]);

  await act(async () => loaded());
  expect(await screen.findByRole('heading', { name: 'First page' })).toBeInTheDocument();
  expect(given.at(-1)).toBe(false);

  await act(() => router.navigate('/second'));
  expect(screen.getByRole('heading', { name: 'Second page' })).toBeInTheDocument();
  expect(given.at(-1)).toBe(false);
});

test('a console that starts with nothing to load (the sign-in page) renders navigations at once from the start', () => {
  given.length = 0;
  const router = createMemoryRouter([{ path: '/auth/login', element: <h1>Sign in</h1> }], { initialEntries: ['/auth/login'] });
  render(<ConsoleRouter router={router} />);
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(given).toEqual([false]);
});
