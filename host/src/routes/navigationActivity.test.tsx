import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { notBeforeNavigation, trackNavigation } from './navigationActivity';

function pendingNavigation(): () => Promise<void> {
  let settle!: () => void;
  const navigation = trackNavigation(new Promise<void>((resolve) => (settle = resolve)));
  return async () => {
    settle();
    await act(() => navigation);
  };
}

const Badge = jest.fn(() => <p>3 requests</p>);
const LateBadge = notBeforeNavigation(Badge);

const ui = (
  <Suspense fallback={<p>waiting</p>}>
    <LateBadge />
  </Suspense>
);

test('a late part is not rendered while a page is being opened, then shows once the navigation has settled', async () => {
  const settle = pendingNavigation();
  render(ui);
  expect(screen.getByText('waiting')).toBeInTheDocument();
  expect(Badge).not.toHaveBeenCalled();

  await settle();
  expect(await screen.findByText('3 requests')).toBeInTheDocument();
});

test('once shown, a late part never waits again: the next navigation keeps it on screen', async () => {
  const { rerender } = render(ui);
  expect(screen.getByText('3 requests')).toBeInTheDocument();
  const settle = pendingNavigation();
  rerender(ui);
  expect(screen.getByText('3 requests')).toBeInTheDocument();
  expect(screen.queryByText('waiting')).toBeNull();
  await settle();
});
